import { Pagination, useListContext } from 'react-admin';

/** Paging under a list, hidden when loading failed (its counts would describe stale rows). */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[10, 25, 50]} />;
}
