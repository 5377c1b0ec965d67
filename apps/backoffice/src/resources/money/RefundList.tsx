import { DataTable } from 'react-admin';
import { Typography } from '@mui/material';
import type { Refund } from '@kasuwa/contracts';
import { naira, when } from './money-format';
import { RefundRequests } from './RefundRequests';
import { RetrySentMoney } from './RetrySentMoney';
import { SentMoneyList } from './SentMoneyList';

const Col = DataTable.Col<Refund>;
const STATUSES = [
  ...['queued', 'sending', 'pending'].map((id) => ({ id, name: id })),
  { id: 'needs_attention', name: 'needs attention (waits for the buyer’s bank account)' },
  ...['processed', 'failed'].map((id) => ({ id, name: id })),
];
/** Paystack's needs-attention: the buyer paid by bank transfer or USSD and has been asked for a bank account. */
const statusText = (r: Refund) => (r.status === 'needs_attention' ? 'needs attention: waiting for the buyer’s bank account' : r.status);

/** /app.admin/refunds — buyers' refund requests to approve or decline, then refunds sent through Paystack and their outcome. */
export default function RefundList() {
  return (
    <>
      <RefundRequests />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Refunds sent
      </Typography>
      <SentMoneyList<Refund> title="Refunds" statuses={STATUSES} errorTitle="Failed to fetch refunds.">
        <Col source="id" label="#" />
        <Col source="orderNumber" label="Order" />
        <Col source="paymentReference" label="Payment" />
        <Col source="reference" label="Reference" />
        <Col source="amount" label="Amount" render={(r) => naira(r.amount)} />
        <Col source="status" label="Status" render={statusText} />
        <Col source="reason" label="Reason" />
        <Col source="createdAt" label="Started" render={(r) => when(r.createdAt)} />
        <Col source="settledAt" label="Settled" render={(r) => when(r.settledAt)} />
        <Col source="message" label="Note" />
        <Col
          label="Actions"
          render={(r) => <RetrySentMoney resource="refunds" record={r} retryable={['failed']} label="Refund sent again" />}
        />
      </SentMoneyList>
    </>
  );
}
