import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { BackOfficeList } from './BackOfficeList';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { RecordCards } from './RecordCards';

const ListDataGrid = lazy(() => import('./ListDataGrid'));

/**
 * The phone view over the same list controller: one card per row (`card`, shown with the list's empty state), or a
 * view of its own (`phone`, e.g. a simple list).
 */
type PhoneView<T> = { card: (record: T) => ReactNode; phone?: never } | { phone: ReactNode; card?: never };

interface ListProps<T extends RaRecord & GridValidRowModel> {
  /** The grid's accessible name ("Users"), also the page title. */
  label: string;
  /** react-admin filter inputs (the list's filter form); a list with its own filter bar passes it as `header`. */
  filters?: ReactElement[];
  /** The product's failure text for this list, e.g. 'Failed to fetch users'. */
  errorTitle: string;
  /** The product's empty-state line, e.g. 'No users found', and the hint under it. */
  emptyText: string;
  emptyHint?: string;
  columns: GridColDef<T>[];
  onRowClick: (row: T) => void;
  /** Above either view (e.g. status tabs, a filter bar). */
  header?: ReactNode;
  /** Under either view (e.g. 'Showing N transactions'). */
  footer?: ReactNode;
  /** Rows a page at first (10 unless said). */
  perPage?: number;
  /** Columns hidden until the admin shows them from the column chooser (their own choice, once made, is kept). */
  hiddenByDefault?: string[];
}

type Props<T extends RaRecord & GridValidRowModel> = ListProps<T> & PhoneView<T>;

/**
 * A back-office list where support staff work: react-admin's list controller (server paging, sort and filters, the
 * address keeps them; newest first), shown as the MUI X DataGrid on desktop (loaded with the page, never with the
 * login) and as cards on phones, where a grid does not fit.
 */
export function GridList<T extends RaRecord & GridValidRowModel>(props: Props<T>) {
  const {
    label,
    filters,
    errorTitle,
    emptyText,
    emptyHint,
    columns,
    onRowClick,
    card,
    phone,
    header,
    footer,
    perPage = 10,
    hiddenByDefault,
  } = props;
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const phoneView = card ? <RecordCards<T> empty={<EmptyState text={emptyText} hint={emptyHint} />}>{card}</RecordCards> : phone;
  return (
    <BackOfficeList<T>
      title={label}
      filters={filters}
      perPage={perPage}
      sort={{ field: 'createdAt', order: 'DESC' }}
      // On desktop the grid pages itself (same list controller); the phone view keeps react-admin's pagination.
      pagination={isSmall ? <ListPagination /> : false}
      errorTitle={errorTitle}
    >
      {header}
      {isSmall ? (
        phoneView
      ) : (
        <Suspense fallback={<LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}>
          <ListDataGrid
            columns={columns as GridColDef[]}
            label={label}
            emptyText={emptyText}
            emptyHint={emptyHint}
            onRowClick={onRowClick as (row: GridValidRowModel) => void}
            hiddenByDefault={hiddenByDefault}
          />
        </Suspense>
      )}
      {footer}
    </BackOfficeList>
  );
}
