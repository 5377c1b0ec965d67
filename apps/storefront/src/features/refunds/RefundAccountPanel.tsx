import { formatNaira, koboToNaira, type BuyerRefund, type Order } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { refundsApi } from '../../api/refunds';
import { useOrderAnswer } from '../disputes/useOrderAnswer';
import { BankAccountForm } from '../earnings/BankAccountForm';

const naira = (kobo: string) => formatNaira(koboToNaira(Number(kobo)));

/**
 * Rule "refunds for every channel": a refund of a card payment goes back to the card by itself; one of a bank-transfer
 * or USSD payment waits (Paystack's needs-attention) until the buyer gives a bank account. The buyer's order page asks
 * for it here (they are also told by the bell and by e-mail), and says where a refund already sent is going.
 */
export default function RefundAccountPanel({ order }: { order: Order }) {
  const [refunds, setRefunds] = useOrderAnswer(refundsApi.forOrder, order.id);
  const waiting = refunds?.find((r) => r.needsAccount);
  const given = refunds?.find((r) => !r.needsAccount && r.account && r.status !== 'failed');
  if (!waiting && !given) return null;
  const replace = (r: BuyerRefund) => setRefunds((refunds ?? []).map((x) => (x.id === r.id ? r : x)));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="refund-account-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="refund-account-title" variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Your refund
      </Typography>
      {waiting ? (
        <BankAccountForm
          heading="Where should we send your refund?"
          intro={
            <Alert severity="warning" role="status">
              You paid by bank transfer or USSD, so your refund of {naira(waiting.amount)} goes to a bank account you choose. Give the
              account number and check the name the bank shows.
              {waiting.message && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  The last account could not be used: {waiting.message}
                </Typography>
              )}
            </Alert>
          }
          confirmLabel="Yes, send my refund here"
          onConfirm={async (bankCode, accountNumber) => replace((await refundsApi.giveAccount(order.id, bankCode, accountNumber)).data)}
        />
      ) : (
        given?.account && (
          <Alert severity={given.status === 'processed' ? 'success' : 'info'} role="status">
            Your refund of {naira(given.amount)} {given.status === 'processed' ? 'was sent to' : 'is on its way to'}{' '}
            {given.account.accountName}, {given.account.bankName} {given.account.accountNumber}.
          </Alert>
        )
      )}
    </Paper>
  );
}
