import { Button, DataTable, List, SelectInput, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { Payout } from '@kasuwa/contracts';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { naira, when } from './money-format';

const Col = DataTable.Col<Payout>;
const STATUSES = ['queued', 'pending', 'otp', 'unknown', 'success', 'failed', 'reversed'].map((id) => ({ id, name: id }));

/** Sends a failed or reversed payout's money again as a new transfer. */
function RetryButton({ payout }: { payout: Payout }) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  if (payout.status !== 'failed' && payout.status !== 'reversed') return null;
  const retry = async () => {
    try {
      await dataProvider.create(`payouts/${payout.id}/retry`, { data: {} });
      notify('Payout sent again', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    refresh();
  };
  return <Button label="Retry" onClick={retry} />;
}

/** /app.admin/payouts — every transfer to a seller; otp/unknown ones need an admin. CSV export from the toolbar. */
export default function PayoutList() {
  return (
    <List<Payout>
      title="Payouts"
      sort={{ field: 'id', order: 'DESC' }}
      filters={[<SelectInput key="status" source="status" choices={STATUSES} alwaysOn />]}
      pagination={<ListPagination />}
      error={<ListError title="Failed to fetch payouts." />}
    >
      <DataTable<Payout> rowClick={false} bulkActionButtons={false}>
        <Col source="id" label="#" />
        <Col source="reference" label="Reference" />
        <Col source="userId" label="Seller" />
        <Col source="amount" label="Amount" render={(p) => naira(p.amount)} />
        <Col source="status" label="Status" />
        <Col source="message" label="Note" />
        <Col source="createdAt" label="Sent" render={(p) => when(p.createdAt)} />
        <Col source="settledAt" label="Settled" render={(p) => when(p.settledAt)} />
        <Col label="Actions" render={(p) => <RetryButton payout={p} />} />
      </DataTable>
    </List>
  );
}
