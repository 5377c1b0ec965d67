import { DataTable, List } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { naira } from './money-format';

interface Difference {
  id: string;
  kind: string;
  reference: string | null;
  expected: string | null;
  actual: string | null;
  note: string;
}
const Col = DataTable.Col<Difference>;

/** /app.admin/reconciliation — where the ledger, Paystack and Kasuwa's records disagree. */
export default function ReconciliationList() {
  return (
    <List<Difference>
      title="Reconciliation"
      exporter={false}
      pagination={<ListPagination />}
      empty={false}
      error={<ListError title="Failed to reconcile." />}
    >
      <DataTable<Difference>
        rowClick={false}
        bulkActionButtons={false}
        empty={<EmptyState text="No differences" hint="The ledger agrees with Paystack." />}
      >
        <Col source="kind" label="Kind" />
        <Col source="reference" label="Reference" />
        <Col source="expected" label="Ledger" render={(d) => naira(d.expected)} />
        <Col source="actual" label="Paystack" render={(d) => naira(d.actual)} />
        <Col source="note" label="Note" />
      </DataTable>
    </List>
  );
}
