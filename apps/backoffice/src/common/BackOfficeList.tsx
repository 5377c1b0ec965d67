import { List, type ListProps, type RaRecord } from 'react-admin';
import { ListError } from './ListError';
import { ListPagination } from './ListPagination';

type Props<T extends RaRecord> = Omit<ListProps<T>, 'error'> & {
  /** The spec's failure text for this list (§8), e.g. 'Failed to fetch users'. */
  errorTitle: string;
};

/**
 * react-admin's <List> as the back office's support lists use it: 10 a page, no export and no toolbar unless given, no
 * "empty" page (the list's own empty line shows, with its filters still there), paging hidden when loading failed,
 * the spec's failure text in place of the rows, and wide tables scrolling inside their card instead of widening the
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
