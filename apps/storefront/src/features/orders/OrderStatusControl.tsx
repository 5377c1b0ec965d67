import { ORDER_ROLE_OPTIONS, type Order, type OrderStatus } from '@kasuwa/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { ordersApi } from '../../api/orders';
import { toast } from '../../app/toast';
import { NEGATIVE_STATUSES, statusLabel, type OrderRole } from './orderFormat';
import { SelectField } from '@kasuwa/ui/SelectField';
import { TrackingDialog } from './TrackingDialog';

/** What each change means for the other party, said in the confirmation. */
const CONFIRM_TEXT: Partial<Record<OrderStatus, string>> = {
  rejected_by_seller: 'The buyer will be told you rejected the order, and its items go back into stock.',
  rejected_by_buyer:
    'You are telling the seller the delivery was not acceptable. Kasuwa keeps holding your payment while an admin reviews your refund request.',
  cancelled_by_buyer: 'The seller will stop preparing your order and Kasuwa refunds your payment. This cannot be undone.',
  need_refund: 'Kasuwa will arrange the refund of your payment.',
  processing: 'The buyer will see that you are preparing the order.',
  accepted_by_seller: 'The buyer will be told you accepted the order.',
  shipped: 'The buyer will be told the order has left you.',
  on_the_way: 'The buyer will be told the order is on its way.',
  delivered: 'The buyer will be told the order was delivered. Only choose this once the buyer has it in hand.',
  received_by_buyer: 'You confirm you have the goods. The seller gets paid, so only choose this once you have checked them.',
  completed: 'You confirm the order is finished. This cannot be undone.',
};

/** Cancelling before payment: nothing was charged and nobody started preparing anything. */
export const CANCEL_UNPAID_TEXT = 'Your order is cancelled and its items go back on sale. Nothing was charged. This cannot be undone.';

/** Every change is confirmed: a mis-tap on a phone (to Delivered, say) is costly and cannot be taken back. */
export function confirmText(status: OrderStatus, order: Pick<Order, 'paidAt'>): string {
  if (status === 'cancelled_by_buyer' && !order.paidAt) return CANCEL_UNPAID_TEXT;
  return CONFIRM_TEXT[status] ?? 'The other party will be told about the change.';
}

/** The status dropdown (the product screen rules): the role's options; the ones the order cannot move to now are disabled. */
export function OrderStatusControl({ order, role, onChange }: { order: Order; role: OrderRole; onChange: (next: Order) => void }) {
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<OrderStatus | null>(null);
  const options = ORDER_ROLE_OPTIONS[role];
  // The server says what the caller may do, for the caller's real role in this order.
  const allowed = order.viewerRole === role ? (order.allowedNext ?? []) : [];
  const current = options.includes(order.status) ? null : order.status;

  const apply = async (status: OrderStatus) => {
    setConfirm(null);
    setBusy(true);
    try {
      const res = await ordersApi.updateStatus(order.id, status);
      onChange(res.data ?? { ...order, status });
      toast.success(`Order marked as ${statusLabel(status)}`);
    } catch (err) {
      console.error('Order status update failed', err);
      toast.error(err instanceof ApiError && err.message ? err.message : 'Failed to update status');
    } finally {
      setBusy(false);
    }
  };

  const helper = allowed.length
    ? `You can set: ${allowed.map(statusLabel).join(', ')}`
    : order.viewerRole && order.viewerRole !== role
      ? `You are the ${order.viewerRole} of this order.`
      : 'No change is possible at this stage.';

  return (
    <>
      <SelectField
        label="Order status"
        name="orderStatus"
        value={order.status}
        disabled={busy || allowed.length === 0}
        onChange={(e) => {
          const next = e.target.value as OrderStatus;
          if (next === order.status) return;
          setConfirm(next);
        }}
        helperText={busy ? 'Updating…' : helper}
        options={options.map((s) => ({ value: s, label: statusLabel(s), disabled: s !== order.status && !allowed.includes(s) }))}
        sx={{
          maxWidth: { sm: 340 },
          // A locked dropdown still has to be readable: it states the current status and why nothing can change.
          '& .MuiInputBase-input.Mui-disabled': { WebkitTextFillColor: 'currentColor', color: 'text.secondary' },
          '& .MuiFormHelperText-root.Mui-disabled, & .MuiInputLabel-root.Mui-disabled': { color: 'text.secondary' },
        }}
      >
        {current && (
          <option value={current} disabled>
            {statusLabel(current)}
          </option>
        )}
      </SelectField>
      {/* Tracking on shipped orders: the seller's shipping step asks for the carrier and tracking number too. */}
      {role === 'seller' && (
        <TrackingDialog order={order} mode="ship" open={confirm === 'shipped'} onClose={() => setConfirm(null)} onSaved={onChange} />
      )}
      <Dialog
        open={confirm !== null && !(role === 'seller' && confirm === 'shipped')}
        onClose={() => setConfirm(null)}
        aria-labelledby="confirm-status-title"
      >
        <DialogTitle id="confirm-status-title">Mark this order as {confirm ? statusLabel(confirm) : ''}?</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm ? confirmText(confirm, order) : ''}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirm(null)}>
            Keep as {statusLabel(order.status)}
          </Button>
          <Button
            variant="contained"
            color={confirm && NEGATIVE_STATUSES.includes(confirm) ? 'error' : 'primary'}
            onClick={() => confirm && void apply(confirm)}
          >
            Mark as {confirm ? statusLabel(confirm) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
