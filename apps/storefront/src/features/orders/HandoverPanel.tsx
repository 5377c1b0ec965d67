import { HANDOVER_CODE, type Order, type OrderHandover, type OrderStatus } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ordersApi } from '../../api/orders';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import type { OrderRole } from './orderFormat';

/** The goods have left the seller: the buyer can say they have them, the seller can enter the buyer's code. */
export const RECEIVABLE: readonly OrderStatus[] = ['shipped', 'on_the_way', 'delivered', 'received_by_buyer'];

export const HANDOVER_TEXTS = {
  buyerTitle: 'Your handover code',
  buyerHelp:
    'Give this code to the seller only when the goods are in your hands and you have checked them: the code pays the seller at once.',
  buyerLocked: 'The seller entered too many wrong codes, so the code is locked. When you have the goods, press “I received it”.',
  received: 'I received it',
  confirmTitle: 'Did you receive the order?',
  confirmText:
    'Only confirm once the goods are in your hands and you have checked them. Kasuwa then pays the seller at once; this cannot be undone.',
  sellerTitle: 'Hand over with the buyer’s code',
  sellerHelp:
    'When you hand the goods over, ask the buyer for the six-digit code on their order page. Entering it completes the order and pays you at once.',
  sellerWaiting: 'The buyer gets a handover code when you mark the order shipped.',
  sellerLocked:
    'Too many wrong codes: the handover code is locked. The buyer can still confirm receipt on their order page, which pays you the same way.',
  codeLabel: 'Buyer’s handover code',
  enter: 'Confirm handover',
} as const;

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/** The order's handover state, read again whenever the order's status changes (shipping issues the code). */
function useHandover(order: Order): [OrderHandover | null | undefined, (h: OrderHandover | null) => void] {
  const client = useAppQueryClient();
  // Until the new status's answer arrives, the last one stays on the screen; a failure reads as no code.
  const { data, query } = useApiQuery(
    queryKeys.handover(order.id, order.status),
    async () => (await ordersApi.handover(order.id)).data ?? null,
    { keepPrevious: true },
  );
  const handover = query.isError ? null : data;
  const setHandover = useCallback(
    (h: OrderHandover | null) => client.setQueryData(queryKeys.handover(order.id, order.status), h),
    [client, order.id, order.status],
  );
  return [handover, setHandover];
}

/** The buyer's side: the code to give at the handover, and the one "I received it" button (the same path as the code). */
function BuyerReceipt({ order, onChange, onReceived }: { order: Order; onChange: (next: Order) => void; onReceived: () => void }) {
  const [handover] = useHandover(order);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const receive = async () => {
    setConfirm(false);
    setBusy(true);
    try {
      const res = await ordersApi.received(order.id);
      onChange(res.data);
      toast.success(res.message);
      onReceived();
    } catch (err) {
      toast.error(errorText(err, 'Could not confirm receipt'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="handover-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="handover-title" variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {handover?.code ? HANDOVER_TEXTS.buyerTitle : 'Receiving your order'}
      </Typography>
      {handover?.code && !handover.locked && (
        <>
          <Typography
            data-testid="handover-code"
            aria-label={`Handover code ${handover.code.split('').join(' ')}`}
            sx={{
              fontFamily: 'monospace',
              fontSize: { xs: '2rem', sm: '2.4rem' },
              fontWeight: 700,
              letterSpacing: '0.3em',
              lineHeight: 1.2,
            }}
          >
            {handover.code}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {HANDOVER_TEXTS.buyerHelp}
          </Typography>
        </>
      )}
      {handover?.locked && <Alert severity="warning">{HANDOVER_TEXTS.buyerLocked}</Alert>}
      <Button
        variant="contained"
        size="large"
        color="success"
        disabled={busy}
        loading={busy}
        onClick={() => setConfirm(true)}
        sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
      >
        {HANDOVER_TEXTS.received}
      </Button>
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="confirm-received-title">
        <DialogTitle id="confirm-received-title">{HANDOVER_TEXTS.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{HANDOVER_TEXTS.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirm(false)}>
            Not yet
          </Button>
          <Button variant="contained" onClick={() => void receive()}>
            Yes, I received it
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** The seller's side: enter the code the buyer reads out; wrong codes are counted and five lock it. */
function SellerHandover({ order, onChange }: { order: Order; onChange: (next: Order) => void }) {
  const [handover, setHandover] = useHandover(order);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (handover === undefined) return null;
  const compact = code.replace(/\s/g, '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!HANDOVER_CODE.test(compact)) return setError('Enter the six digits the buyer reads out');
    setBusy(true);
    setError(null);
    try {
      const res = await ordersApi.enterHandover(order.id, compact);
      toast.success(res.message);
      onChange(res.data);
    } catch (err) {
      setError(errorText(err, 'Could not check the code'));
      // The count (or the lock) changed: show what is left.
      ordersApi.handover(order.id).then(
        (r) => setHandover(r.data ?? null),
        () => undefined,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="handover-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="handover-title" variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {HANDOVER_TEXTS.sellerTitle}
      </Typography>
      {!handover ? (
        <Typography sx={{ color: 'text.secondary' }}>{HANDOVER_TEXTS.sellerWaiting}</Typography>
      ) : handover.locked ? (
        <Alert severity="warning">{HANDOVER_TEXTS.sellerLocked}</Alert>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {HANDOVER_TEXTS.sellerHelp}
          </Typography>
          <Stack
            component="form"
            noValidate
            onSubmit={(e) => void submit(e)}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label={HANDOVER_TEXTS.codeLabel}
              name="handoverCode"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^\d\s]/g, ''))}
              error={Boolean(error)}
              helperText={
                error ??
                (handover.attemptsLeft < 5 ? `${handover.attemptsLeft} ${handover.attemptsLeft === 1 ? 'try' : 'tries'} left` : ' ')
              }
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, style: { letterSpacing: '0.2em' } } }}
              sx={{ maxWidth: { sm: 260 } }}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy}
                loading={busy}
                sx={{ width: { xs: '100%', sm: 'auto' }, mt: { sm: 0.5 } }}
              >
                {HANDOVER_TEXTS.enter}
              </Button>
            </Box>
          </Stack>
        </>
      )}
    </Paper>
  );
}

/**
 * Receiving a shipped order (buyer protection): the buyer's code and "I received it", or the seller's code entry.
 * Shown while the goods are on their way; either path completes the order and pays the seller once.
 */
export default function HandoverPanel({
  order,
  role,
  onChange,
  onReceived,
}: {
  order: Order;
  role: OrderRole;
  onChange: (next: Order) => void;
  onReceived: () => void;
}) {
  if (order.viewerRole !== role || !order.paidAt || !RECEIVABLE.includes(order.status)) return null;
  return role === 'buyer' ? (
    <BuyerReceipt order={order} onChange={onChange} onReceived={onReceived} />
  ) : (
    <SellerHandover order={order} onChange={onChange} />
  );
}
