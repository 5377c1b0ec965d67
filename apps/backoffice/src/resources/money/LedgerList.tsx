import { DataTable, List, TextInput } from 'react-admin';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { naira, when } from './money-format';

/** A GET /api/admin/ledger row: one journal entry with its postings (kobo strings). */
export interface LedgerEntry {
  id: string;
  kind: string;
  ref: string;
  orderId: number | null;
  userId: number | null;
  memo: string | null;
  createdAt: string;
  postings: { account: string; amount: string }[];
}
const Col = DataTable.Col<LedgerEntry>;

/** /app.admin/ledger — the journal; filter by order id, seller id or account code (e.g. seller_available:7). */
export default function LedgerList() {
  return (
    <List<LedgerEntry>
      title="Ledger"
      sort={{ field: 'id', order: 'DESC' }}
      exporter={false}
      filters={[
        <TextInput key="orderId" source="orderId" label="Order id" alwaysOn />,
        <TextInput key="userId" source="userId" label="Seller id" />,
        <TextInput key="account" source="account" label="Account" />,
      ]}
      pagination={<ListPagination />}
      error={<ListError title="Failed to fetch the ledger." />}
    >
      <DataTable<LedgerEntry> rowClick={false} bulkActionButtons={false}>
        <Col source="id" label="#" />
        <Col source="createdAt" label="When" render={(e) => when(e.createdAt)} />
        <Col source="kind" label="Kind" />
        <Col source="orderId" label="Order" />
        <Col source="memo" label="Memo" />
        <Col
          label="Postings"
          render={(e) => (
            <>
              {e.postings.map((p) => (
                <div key={p.account}>
                  {p.account}: {naira(p.amount)}
                </div>
              ))}
            </>
          )}
        />
      </DataTable>
    </List>
  );
}
