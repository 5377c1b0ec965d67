import { useMemo } from 'react';
import { RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import {
  DataGrid,
  type GridColDef,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { Box } from '@mui/material';
import { EmptyState } from './EmptyState';
import { useGridColumnPrefs } from './useGridColumnPrefs';

interface Props<T extends RaRecord & GridValidRowModel> {
  columns: GridColDef<T>[];
  /** Accessible name of the grid (also shown in its toolbar). */
  label: string;
  onRowClick?: (row: T) => void;
  pageSizes?: number[];
  /** The product's empty-state line for this list, shown when the server finds no rows. */
  emptyText?: string;
  /** The hint under it (the product error texts: 'Try adjusting your filters'); react-admin's `empty` is not shown while a filter is on. */
  emptyHint?: string;
  /** Columns hidden until the admin shows them (the column chooser); their own choice, once made, wins. */
  hiddenByDefault?: string[];
}

/**
 * MUI X DataGrid (MIT) driven by react-admin's list controller: paging, sorting and column filters are the
 * controller's (so the simple-rest provider sends range/sort/filter to the server and the address keeps them),
 * the toolbar gives the column chooser (choices and widths kept per grid across reloads), density and a CSV of the selected rows (of the whole page when none is
 * selected); columns can be resized. Loaded lazily with the list pages that use it: phones keep the card lists.
 */
export default function ListDataGrid<T extends RaRecord & GridValidRowModel>({
  columns,
  label,
  onRowClick,
  pageSizes = [10, 25, 50, 100],
  emptyText,
  emptyHint,
  hiddenByDefault,
}: Props<T>) {
  const list = useListContext<T>();
  const { data, total, isPending, page, perPage, setPage, setPerPage, sort, setSort, setFilters } = list;
  // react-admin types the filter values (and the shown filters) as `any`: they are the address's filter object.
  const filterValues = list.filterValues as Record<string, unknown>;

  // The grid's own "no rows" overlay, with the product's line and hint (a component type, made once per text).
  const NoRows = useMemo(
    () => (emptyText ? () => <EmptyState text={emptyText} hint={emptyHint} inGrid /> : undefined),
    [emptyText, emptyHint],
  );
  const paginationModel = useMemo(() => ({ page: page - 1, pageSize: perPage }), [page, perPage]);
  const sortModel = useMemo<GridSortModel>(
    () => (sort?.field ? [{ field: sort.field, sort: sort.order === 'ASC' ? 'asc' : 'desc' }] : []),
    [sort],
  );
  const filterable = useMemo(() => columns.filter((c) => c.filterable).map((c) => c.field), [columns]);
  // The column filters shown are the list's own filter values, whichever input set them.
  const filterModel = useMemo<GridFilterModel>(
    () => ({
      items: filterable
        .filter((f) => filterValues[f] !== undefined && filterValues[f] !== '')
        .map((field) => ({ id: field, field, operator: 'is', value: filterValues[field] })),
      quickFilterValues: filterValues.q ? [String(filterValues.q)] : [],
    }),
    [filterable, filterValues],
  );

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== perPage) setPerPage(model.pageSize);
    else setPage(model.page + 1);
  };
  const onSort = (model: GridSortModel) => {
    const [first] = model;
    setSort(first?.sort ? { field: first.field, order: first.sort === 'asc' ? 'ASC' : 'DESC' } : { field: 'createdAt', order: 'DESC' });
  };
  const onFilter = (model: GridFilterModel) => {
    const next: Record<string, unknown> = { ...filterValues };
    for (const field of filterable) delete next[field];
    for (const item of model.items)
      if (filterable.includes(item.field) && item.value !== undefined && item.value !== '') next[item.field] = item.value;
    const q = (model.quickFilterValues ?? []).join(' ').trim();
    if (q) next.q = q;
    else delete next.q;
    setFilters(next, {});
  };

  // Hidden columns and dragged widths survive a reload (per grid, by its label).
  const prefs = useGridColumnPrefs<T>(label, columns, hiddenByDefault);
  // Cells render inside the row's record context, so react-admin fields and buttons work in them.
  const withRecord = useMemo(
    () =>
      prefs.columns.map((c) =>
        c.renderCell
          ? {
              ...c,
              renderCell: (params: Parameters<NonNullable<typeof c.renderCell>>[0]) => (
                <RecordContextProvider value={params.row}>{c.renderCell?.(params)}</RecordContextProvider>
              ),
            }
          : c,
      ),
    [prefs.columns],
  );

  return (
    // width 0 + min-width 100%: the grid fills the list's card and scrolls its columns inside itself, instead of
    // widening the card and the page to the sum of its column widths.
    <Box sx={{ width: 0, minWidth: '100%' }}>
      <DataGrid<T>
        rows={data ?? []}
        columns={withRecord}
        columnVisibilityModel={prefs.columnVisibilityModel}
        onColumnVisibilityModelChange={prefs.onColumnVisibilityModelChange}
        onColumnWidthChange={prefs.onColumnWidthChange}
        rowCount={total ?? 0}
        loading={isPending}
        label={label}
        localeText={emptyText ? { noRowsLabel: emptyText } : undefined}
        slots={NoRows ? { noRowsOverlay: NoRows } : undefined}
        showToolbar
        slotProps={{ toolbar: { showQuickFilter: false, printOptions: { disableToolbarButton: true } } }}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPagination}
        pageSizeOptions={pageSizes}
        sortModel={sortModel}
        onSortModelChange={onSort}
        filterModel={filterModel}
        onFilterModelChange={onFilter}
        checkboxSelection
        disableRowSelectionOnClick
        onRowClick={onRowClick ? (params: GridRowParams<T>) => onRowClick(params.row) : undefined}
        sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' } }}
      />
    </Box>
  );
}
