import { useCallback, useMemo, useState } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';

/** What an admin chose for one grid's columns: the ones hidden and the widths dragged. */
interface ColumnPrefs {
  hidden: GridColumnVisibilityModel;
  widths: Record<string, number>;
}

const storageKey = (grid: string) => `kasuwa:grid-columns:${grid}`;

function read(grid: string, hiddenByDefault: GridColumnVisibilityModel): ColumnPrefs {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(grid)) ?? 'null');
    if (raw && typeof raw === 'object') {
      const { hidden, widths } = raw as Partial<ColumnPrefs>;
      return {
        hidden: hidden && typeof hidden === 'object' ? hidden : hiddenByDefault,
        widths: widths && typeof widths === 'object' ? widths : {},
      };
    }
  } catch {
    /* unreadable or no storage: the grid's own columns */
  }
  return { hidden: hiddenByDefault, widths: {} };
}

function write(grid: string, prefs: ColumnPrefs): void {
  try {
    window.localStorage.setItem(storageKey(grid), JSON.stringify(prefs));
  } catch {
    /* full or blocked storage: the choice lasts until reload */
  }
}

/**
 * Column choices (shown/hidden, width) kept per grid in this browser's localStorage, so a reload or the next visit
 * shows the columns as the admin left them (`hiddenByDefault` until they choose). A dragged width replaces the column's flex; its minimum still holds.
 */
export function useGridColumnPrefs<T extends GridValidRowModel>(grid: string, columns: GridColDef<T>[], hiddenByDefault: string[] = []) {
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => read(grid, Object.fromEntries(hiddenByDefault.map((field) => [field, false]))));
  const save = useCallback(
    (change: (p: ColumnPrefs) => ColumnPrefs) =>
      setPrefs((p) => {
        const next = change(p);
        write(grid, next);
        return next;
      }),
    [grid],
  );
  const sized = useMemo(
    () => columns.map((c) => (prefs.widths[c.field] ? { ...c, width: prefs.widths[c.field], flex: undefined } : c)),
    [columns, prefs.widths],
  );
  const onColumnVisibilityModelChange = useCallback((hidden: GridColumnVisibilityModel) => save((p) => ({ ...p, hidden })), [save]);
  const onColumnWidthChange = useCallback(
    ({ colDef, width }: { colDef: Pick<GridColDef, 'field'>; width: number }) =>
      save((p) => ({ ...p, widths: { ...p.widths, [colDef.field]: Math.round(width) } })),
    [save],
  );
  return { columns: sized, columnVisibilityModel: prefs.hidden, onColumnVisibilityModelChange, onColumnWidthChange };
}
