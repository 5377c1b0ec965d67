import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { List, type RaRecord } from 'react-admin';
import { LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { ListError } from './ListError';
import { ListPagination } from './ListPagination';

const ListDataGrid = lazy(() => import('./ListDataGrid'));

interface Props<T extends RaRecord & GridValidRowModel> {
  /** The grid's accessible name ("Users"), also the page title. */
  label: string;
  filters?: ReactElement[];
  /** The spec's failure text for this list (§8), e.g. 'Failed to fetch users'. */
  errorTitle: string;
  /** The spec's empty-state line (§8), e.g. 'No users found'. */
  emptyText: string;
  columns: GridColDef<T>[];
  onRowClick: (row: T) => void;
  /** The phone view (cards or a simple list) over the same list controller. */
  phone: ReactNode;
  /** Above either view (e.g. status tabs). */
  header?: ReactNode;
}

/**
 * A back-office list where support staff work: react-admin's list controller (server paging, sort and filters, the
 * address keeps them; 10 a page, newest first), shown as the MUI X DataGrid on desktop (loaded with the page, never
 * with the login) and as cards on phones, where a grid does not fit.
 */
export function GridList<T extends RaRecord & GridValidRowModel>({ label, filters, errorTitle, emptyText, columns, onRowClick, phone, header }: Props<T>) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<T>
      title={label}
      filters={filters}
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      // On desktop the grid pages itself (same list controller); the phone view keeps react-admin's pagination.
      pagination={isSmall ? <ListPagination /> : false}
      // Wide tables scroll inside their card instead of widening the page.
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      error={<ListError title={errorTitle} />}
    >
      {header}
      {isSmall ? (
        phone
      ) : (
        <Suspense fallback={<LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}>
          <ListDataGrid columns={columns as GridColDef[]} label={label} emptyText={emptyText} onRowClick={onRowClick as (row: GridValidRowModel) => void} />
        </Suspense>
      )}
    </List>
  );
}
