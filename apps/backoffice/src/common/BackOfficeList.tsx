import type { ReactElement } from 'react';
import { List, SelectInput, type ListProps, type RaRecord } from 'react-admin';
import { ListError } from './ListError';
import { ListPagination } from './ListPagination';

type Props<T extends RaRecord> = Omit<ListProps<T>, 'error'> & {
  /** The product's failure text for this list, e.g. 'Failed to fetch users'. */
  errorTitle: string;
};

/**
 * react-admin's <List> as the back office's support lists use it: 10 a page, no export and no toolbar unless given, no
 * "empty" page (the list's own empty line shows, with its filters still there), paging hidden when loading failed,
 * the product's failure text in place of the rows, and wide tables scrolling inside their card instead of widening the
 * page. Every prop can still be set.
 */
export function BackOfficeList<T extends RaRecord>({ errorTitle, ...props }: Props<T>) {
  return (
    <List<T>
      perPage={10}
      exporter={false}
      empty={false}
      actions={false}
      pagination={<ListPagination />}
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      error={<ListError title={errorTitle} />}
      {...props}
    />
  );
}

const QUEUE_STATUSES = [
  { id: 'open', name: 'Open' },
  { id: 'resolved', name: 'Resolved' },
];

/**
 * A moderation queue (disputes, reports): a BackOfficeList that opens on the open items, with the open/resolved filter
 * first and the queue's own filters after it.
 */
export function QueueList<T extends RaRecord>({
  filters = [],
  ...props
}: Omit<Props<T>, 'filters' | 'filterDefaultValues'> & { filters?: ReactElement[] }) {
  return (
    <BackOfficeList<T>
      filterDefaultValues={{ status: 'open' }}
      filters={[<SelectInput key="status" source="status" choices={QUEUE_STATUSES} alwaysOn />, ...filters]}
      {...props}
    />
  );
}
