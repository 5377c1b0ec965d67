import { formatDateTime, formatOrderMoney, type Order, type OrderStatus } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { ordersApi } from '../../api/orders';
import { toast } from '../../app/toast';
import type { OrderRole } from './orderFormat';

/** Where the seller may confirm the cash (the server's rule), and where a refusal at the door can be reported. */
const CASH_FROM: readonly OrderStatus[] = ['processing', 'accepted_by_seller', 'shipped', 'on_the_way'];
const REFUSED_FROM: readonly OrderStatus[] = ['shipped', 'on_the_way'];

export const CASH_TEXTS = {
  buyerOpen: (amount: string) =>
    `Pay on delivery: pay ${amount} in cash to the seller’s rider when it arrives. Check the goods first; never pay before you have them.`,
  buyerPaid: (at: string) => `Paid in cash on delivery, ${at}.`,
  buyerRefused: (at: string) => `You refused this delivery on ${at}. Two refused deliveries close pay on delivery for your account.`,
  sellerOpen: (amount: string) => `Pay on delivery: collect ${amount} in cash when you hand the goods over, then confirm it here.`,
  sellerPaid: (at: string) => `Cash confirmed ${at}. Kasuwa’s commission on the goods was taken from your Kasuwa balance (see Earnings).`,
  sellerRefused: (at: string) => `Refused at the door on ${at}; the items are back on sale.`,
  cash: 'Cash received',
  refused: 'Buyer refused delivery',
  cashTitle: 'Did you receive the cash?',
  cashText: (amount: string) =>
    `Confirm only when ${amount} is in your hands. The order is then completed, and Kasuwa’s commission on the goods is taken from your Kasuwa balance (owed from your next payout if the balance is short). This cannot be undone.`,
  refusedTitle: 'Did the buyer refuse the goods?',
  refusedText: 'The order ends and the items go back on sale. Say what happened, so support can help if the buyer disagrees.',
  refusedLabel: 'What happened at the door (optional)',
} as const;

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/**
 * Pay on delivery on the order page: what the buyer pays at the door, and the seller's two ways to end it — "Cash
 * received" or "Buyer refused delivery" — each confirmed first (neither can be undone).
 */
export default function CashOnDeliveryPanel({ order, role, onChange }: { order: Order; role: OrderRole; onChange: (next: Order) => void }) {
  const [asking, setAsking] = useState<'cash' | 'refused' | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (order.deliveryMethod !== 'pay_on_delivery') return null;
  const amount = formatOrderMoney(order.totalAmount, order.currency);
  const mine = order.viewerRole === role;

  if (order.cashReceivedAt)
    return (
      <Alert severity="success">
        {(role === 'buyer' ? CASH_TEXTS.buyerPaid : CASH_TEXTS.sellerPaid)(formatDateTime(order.cashReceivedAt))}
      </Alert>
    );
  if (order.deliveryRefusedAt)
    return (
      <Alert severity="info">
        {(role === 'buyer' ? CASH_TEXTS.buyerRefused : CASH_TEXTS.sellerRefused)(formatDateTime(order.deliveryRefusedAt))}
      </Alert>
    );
  if (!CASH_FROM.includes(order.status)) return null;
  if (role === 'buyer') return <Alert severity="info">{CASH_TEXTS.buyerOpen(amount)}</Alert>;

  const act = async () => {
    setBusy(true);
    try {
      const res = asking === 'cash' ? await ordersApi.cashReceived(order.id) : await ordersApi.deliveryRefused(order.id, note.trim());
      toast.success(res.message);
      setAsking(null);
      onChange(res.data);
    } catch (err) {
      toast.error(errorText(err, asking === 'cash' ? 'Could not confirm the cash' : 'Could not record the refused delivery'));
    }
    setBusy(false);
  };

  return (
    <Alert severity="info" data-testid="cash-on-delivery">
      {CASH_TEXTS.sellerOpen(amount)}
      {mine && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" size="small" onClick={() => setAsking('cash')}>
            {CASH_TEXTS.cash}
          </Button>
          {REFUSED_FROM.includes(order.status) && (
            <Button variant="outlined" color="inherit" size="small" onClick={() => setAsking('refused')}>
              {CASH_TEXTS.refused}
            </Button>
          )}
        </Stack>
      )}
      <Dialog
        open={asking !== null}
        onClose={busy ? undefined : () => setAsking(null)}
        aria-labelledby="cash-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="cash-title">{asking === 'cash' ? CASH_TEXTS.cashTitle : CASH_TEXTS.refusedTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking === 'cash' ? CASH_TEXTS.cashText(amount) : CASH_TEXTS.refusedText}</DialogContentText>
          {asking === 'refused' && (
            <TextField
              label={CASH_TEXTS.refusedLabel}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 300 } }}
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setAsking(null)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void act()} loading={busy} disabled={busy}>
            {asking === 'cash' ? CASH_TEXTS.cash : CASH_TEXTS.refused}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
