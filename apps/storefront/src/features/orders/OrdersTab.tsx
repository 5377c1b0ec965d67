import { formatOrderMoney, formatShortDate, type Order } from '@kasuwa/contracts';
import InboxIcon from '@mui/icons-material/Inbox';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { KEEP_SCROLL } from '../../app/ScrollMemory';
import { ApiError } from '../../api/errors';
import { ordersApi } from '../../api/orders';
import { useApiMutation, useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { PageLoader } from '../layout/PageLoader';
import { itemsSummary, orderPaymentText, statusLabel, statusTone, type OrderRole } from './orderFormat';
import { StatusChip } from './StatusChip';
import { RetryAlert } from '../layout/RetryAlert';

const TEXTS: Record<OrderRole, { empty: string; failed: string; caption: string }> = {
  buyer: { empty: 'No orders yet', failed: 'Failed to fetch orders', caption: 'Orders you placed' },
  seller: { empty: 'No Seller Orders Yet', failed: 'Failed to fetch seller orders', caption: 'Orders for your listings' },
};

function useOrders(role: OrderRole) {
  const { data, error, reload } = useApiQuery(
    queryKeys.orderList(role),
    async () => {
      const res = await (role === 'seller' ? ordersApi.sellerOrders() : ordersApi.buyerOrders());
      return Array.isArray(res.data) ? res.data : [];
    },
    { failedText: TEXTS[role].failed },
  );
  return { orders: data ?? null, error, reload };
}

/**
 * The status badge. In Seller's Orders a shipped order's badge is a button that marks it delivered
 * (the product screen rules), then the list reloads.
 */
function OrderStatus({ order, role }: { order: Order; role: OrderRole }) {
  const [asking, setAsking] = useState(false);
  // The order lists are fetched again once the change is made; the chip stays busy until then.
  const update = useApiMutation(() => ordersApi.updateStatus(order.id, 'delivered'), {
    invalidates: [queryKeys.orders()],
    onSuccess: () => toast.success('Order marked as Delivered'),
    onError: (err) => toast.error(err instanceof ApiError && err.message ? err.message : 'Failed to update status'),
  });
  const busy = update.isPending;
  const label = statusLabel(order.status);
  if (role !== 'seller' || order.status !== 'shipped') return <StatusChip tone={statusTone(order.status)} label={label} />;

  const markDelivered = () => {
    setAsking(false);
    update.mutate();
  };

  // A one-tap chip on a phone is easy to hit by mistake: delivery is confirmed first.
  return (
    <>
      <StatusChip
        tone={statusTone(order.status)}
        label={busy ? 'Updating…' : label}
        icon={<LocalShippingIcon />}
        onClick={busy ? undefined : () => setAsking(true)}
        disabled={busy}
        aria-label={`${label}: mark order ${order.orderNumber} as delivered`}
        title="Mark as delivered"
      />
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={`deliver-${order.id}-title`}>
        <DialogTitle id={`deliver-${order.id}-title`}>Mark order {order.orderNumber} as Delivered?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The buyer will be told the order was delivered. Only choose this once the buyer has it in hand.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setAsking(false)}>
            Keep as {label}
          </Button>
          <Button variant="contained" onClick={markDelivered}>
            Mark as Delivered
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function OrderLink({ order, role }: { order: Order; role: OrderRole }) {
  return (
    <Link component={RouterLink} to={`/orders/${order.id}/${role}`} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      {order.orderNumber}
    </Link>
  );
}

/** Profile tabs Orders (role buyer) and Seller's Orders (role seller): GET /orders/all and /orders/seller/all. */
export default function OrdersTab({ role }: { role: OrderRole }) {
  const { orders: all, error, reload } = useOrders(role);
  // ?checkout=<id>: after paying for a checkout split between sellers, just that checkout's orders.
  const [params, setParams] = useSearchParams();
  const checkout = role === 'buyer' ? Number(params.get('checkout')) || null : null;
  const orders = checkout && all ? all.filter((o) => o.checkoutSessionId === checkout) : all;
  const showAll = () => {
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true, state: KEEP_SCROLL });
  };
  const noteRef = useRef<HTMLDivElement>(null);
  const showingCheckout = Boolean(checkout && orders);
  // On a phone the tabs sit below the whole profile card: bring the payment's orders into view.
  useEffect(() => {
    if (showingCheckout) noteRef.current?.scrollIntoView({ block: 'start' });
  }, [showingCheckout]);
  const filterNote = checkout && orders && (
    <Alert
      ref={noteRef}
      severity="success"
      sx={{ m: 1.5, scrollMarginTop: 72 }}
      action={
        <Button color="inherit" size="small" onClick={showAll} sx={{ whiteSpace: 'nowrap' }}>
          Show all
        </Button>
      }
    >
      The {orders.length === 1 ? 'order' : `${orders.length} orders`} from your payment (one per seller)
    </Alert>
  );
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const texts = TEXTS[role];

  if (error) {
    return (
      <RetryAlert onRetry={reload} inset>
        {error}
      </RetryAlert>
    );
  }
  if (!orders) return <PageLoader label="Loading orders" />;
  if (!orders.length) {
    return (
      <Box sx={{ py: 8, px: 2, textAlign: 'center' }}>
        <InboxIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{texts.empty}</Typography>
      </Box>
    );
  }

  if (narrow) {
    return (
      <>
        {filterNote}
        <Stack component="ul" aria-label={texts.caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {orders.map((o) => (
            <Box component="li" key={o.id} sx={{ p: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <OrderLink order={o} role={role} />
                <OrderStatus order={o} role={role} />
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {itemsSummary(o)}
              </Typography>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5, gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatShortDate(o.createdAt)} · Payment: {orderPaymentText(o).label}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {formatOrderMoney(o.totalAmount, o.currency)}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Box sx={{ overflowX: 'auto' }}>
      {filterNote}
      <Table size="small" aria-label={texts.caption}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap', fontWeight: 700 } }}>
            <TableCell>Order</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Items</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Payment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.id} hover>
              <TableCell>
                <OrderLink order={o} role={role} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(o.createdAt)}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{itemsSummary(o)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {formatOrderMoney(o.totalAmount, o.currency)}
              </TableCell>
              <TableCell>
                <OrderStatus order={o} role={role} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{orderPaymentText(o).label}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
