import { DataTable } from 'react-admin';
import type { Payout } from '@kasuwa/contracts';
import { naira, when } from './money-format';
import { UserName } from '../../common/UserName';
import { RetrySentMoney } from './RetrySentMoney';
import { SentMoneyList } from './SentMoneyList';

const Col = DataTable.Col<Payout>;
const STATUSES = ['queued', 'sending', 'pending', 'otp', 'unknown', 'success', 'failed', 'reversed'].map((id) => ({ id, name: id }));

/** /app.admin/payouts — every transfer to a seller; otp/unknown ones need an admin; `sending` ones are being looked up at Paystack. */
export default function PayoutList() {
  return (
    <SentMoneyList<Payout> title="Payouts" statuses={STATUSES} errorTitle="Failed to fetch payouts.">
      <Col source="id" label="#" />
      <Col source="reference" label="Reference" />
      <Col source="userId" label="Seller">
        <UserName source="userId" />
      </Col>
      <Col source="amount" label="Amount" render={(p) => naira(p.amount)} />
      <Col source="status" label="Status" />
      <Col source="message" label="Note" />
      <Col source="createdAt" label="Sent" render={(p) => when(p.createdAt)} />
      <Col source="settledAt" label="Settled" render={(p) => when(p.settledAt)} />
      <Col
        label="Actions"
        render={(p) => <RetrySentMoney resource="payouts" record={p} retryable={['failed', 'reversed']} label="Payout sent again" />}
      />
    </SentMoneyList>
  );
}
