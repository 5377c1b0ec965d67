import type { ReactNode } from 'react';
import { DataTable, List, SelectInput, type RaRecord } from 'react-admin';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';

interface Props {
  /** The page title, e.g. 'Payouts'. */
  title: string;
  /** The choices of the status filter: the statuses this kind of transfer goes through. */
  statuses: { id: string; name: string }[];
  /** The product's failure text for this list, e.g. 'Failed to fetch payouts.'. */
  errorTitle: string;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
}

/**
 * Money sent out through Paystack (payouts to sellers, refunds to buyers): newest first, filtered by the transfer's
 * status, one row each; rows open nothing, the actions sit in their own column.
 */
export function SentMoneyList<T extends RaRecord>({ title, statuses, errorTitle, children }: Props) {
  return (
    <List<T>
      title={title}
      sort={{ field: 'id', order: 'DESC' }}
      filters={[<SelectInput key="status" source="status" choices={statuses} alwaysOn />]}
      pagination={<ListPagination />}
      error={<ListError title={errorTitle} />}
    >
      <DataTable<T> rowClick={false} bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}
