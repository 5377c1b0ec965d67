import {
  DELIVERY_FEE_NAIRA,
  DELIVERY_METHOD_LABELS,
  DELIVERY_ZONE_LABELS,
  formatDateTime,
  formatOrderMoney,
  type Order,
} from '@kasuwa/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ordersApi } from '../../api/orders';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { startPayment } from '../checkout/startPayment';
import { PageLoader } from '../layout/PageLoader';
import {
  actorText,
  deliveryDaysText,
  isOrderRole,
  NEGATIVE_STATUSES,
  orderPaymentText,
  productTitle,
  statusLabel,
  statusTone,
  type OrderRole,
} from './orderFormat';
import { OrderClockNotice } from './OrderClockNotice';
import { OrderStatusControl } from './OrderStatusControl';
import { OrderTracker } from './OrderTracker';
import { TrackingInfo } from './TrackingInfo';
import { StatusChip } from './StatusChip';

const RateSeller = lazy(() => import('../trust/RateSeller'));
const DisputePanel = lazy(() => import('../disputes/DisputePanel'));
const RefundRequestPanel = lazy(() => import('../disputes/RefundRequestPanel'));
const RefundAccountPanel = lazy(() => import('../refunds/RefundAccountPanel'));
const OrderMessageButton = lazy(() => import('../trust/OrderMessageButton'));
const HandoverPanel = lazy(() => import('./HandoverPanel'));
const CashOnDeliveryPanel = lazy(() => import('./CashOnDeliveryPanel'));
/** "Same LGA" → "same LGA" (an abbreviation keeps its capitals). */
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export const ORDER_NOT_FOUND = 'Order not found';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px minmax(0, 1fr)' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function BackLink({ role }: { role: OrderRole | null }) {
  return (
    <Link
      component={RouterLink}
      to={{ pathname: '/profile', hash: role === 'seller' ? '#seller-orders' : '#orders' }}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, mb: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      Back
    </Link>
  );
}

/** An unpaid checkout (payment failed or abandoned) keeps its items for 30 minutes: let the buyer pay again. */
function AwaitingPayment({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  return (
    <Alert severity="warning">
      This order is waiting for payment. Unpaid orders are cancelled 30 minutes after checkout.
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          loading={busy}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void startPayment(order.checkoutSessionId).then((leaving) => !leaving && setBusy(false));
          }}
        >
          Complete payment
        </Button>
      </Box>
    </Alert>
  );
}

function OrderSummary({ order }: { order: Order }) {
  return (
    <Section title="Order Summary">
      <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.orderItems.map((item) => {
          const name = productTitle(item.product?.productName);
          const image = item.product?.productImages?.[0]?.thumbnailUrl;
          const lineTotal = Number(item.priceAtTime) * item.quantity;
          return (
            <Box component="li" key={item.id} sx={{ display: 'flex', gap: 1.5, py: 1.5, alignItems: 'center' }}>
              <Avatar variant="rounded" src={image} alt="" sx={{ width: 56, height: 56, bgcolor: 'action.hover' }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {item.product?.id ? (
                  <Link
                    component={RouterLink}
                    to={`/product/${item.product.id}`}
                    underline="hover"
                    color="inherit"
                    sx={{ fontWeight: 600 }}
                  >
                    {name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                )}
                <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    Qty {item.quantity} × {formatOrderMoney(item.priceAtTime, item.currency)}
                  </Typography>
                  <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', ml: 'auto' }}>
                    {formatOrderMoney(lineTotal, item.currency)}
                  </Typography>
                </Stack>
              </Box>
            </Box>
          );
        })}
      </Stack>
      <Divider sx={{ my: 1 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography sx={{ fontWeight: 700 }}>{formatOrderMoney(order.totalAmount, order.currency)}</Typography>
      </Stack>
      {order.deliveryMethod ? (
        <Stack spacing={0.25} sx={{ mt: 0.5 }} data-testid="order-delivery">
          <Typography variant="body2">
            {DELIVERY_METHOD_LABELS[order.deliveryMethod]}
            {order.deliveryZone ? ` (${lowerFirst(DELIVERY_ZONE_LABELS[order.deliveryZone])})` : ''}:{' '}
            {Number(order.deliveryFee) > 0
              ? `${formatOrderMoney(order.deliveryFee, order.currency)}, included in the total${order.deliveryMethod === 'pay_on_delivery' ? ' paid in cash' : ''}`
              : 'free'}
          </Typography>
          {order.expectedDeliveryDate && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Expected by {formatDateTime(order.expectedDeliveryDate)}
            </Typography>
          )}
        </Stack>
      ) : (
        // Orders from before delivery options: the product's fee was paid to the rider on receipt.
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Delivery fee of {formatOrderMoney(DELIVERY_FEE_NAIRA, order.currency)} is paid on receipt.
        </Typography>
      )}
    </Section>
  );
}

function Timeline({ order, role }: { order: Order; role: OrderRole | null }) {
  // The first history row is the placement itself (no previous status): it is the 'Order placed on' line.
  const changes = (order.history ?? []).filter((h) => h.fromStatus !== null);
  return (
    <Section title="Order Timeline">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {[
          { key: 'placed', title: 'Order placed on', who: '', when: order.createdAt, detail: null as string | null },
          ...changes.map((h) => ({
            key: String(h.id ?? h.createdAt),
            title: statusLabel(h.status),
            who: actorText(h.actorKind, role),
            when: h.createdAt,
            // Why a person with authority or the money clock (ship-by, auto-received) moved it.
            detail: h.actorKind === 'admin' || h.actorKind === 'system' ? h.reason : null,
          })),
        ].map((entry, i, all) => (
          <Box component="li" key={entry.key} sx={{ display: 'flex', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
              <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75 }} />
              {i < all.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {entry.key === 'placed' ? `Order placed on ${formatDateTime(entry.when)}` : entry.title}
              </Typography>
              {entry.key !== 'placed' && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {entry.who} · {formatDateTime(entry.when)}
                </Typography>
              )}
              {entry.detail && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Reason: {entry.detail}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** /orders/{id}/{role} (the product screens): the order as its buyer or its seller sees it. */
export default function OrderDetailPage() {
  const { id = '', role: rawRole } = useParams();
  const role = isOrderRole(rawRole) ? rawRole : null;
  const valid = role !== null && /^\d+$/.test(id);
  const client = useAppQueryClient();
  const read = useApiQuery(
    queryKeys.order(id),
    async () => {
      const res = await ordersApi.order(id);
      if (!res?.data) throw new Error(ORDER_NOT_FOUND);
      return res.data;
    },
    { enabled: valid, failedText: ORDER_NOT_FOUND },
  );
  const order = read.data ?? null;
  const error = valid ? read.error : ORDER_NOT_FOUND;
  // A panel's change answers with the order as it now is: it replaces the cached one.
  const setOrder = useCallback((next: Order) => client.setQueryData(queryKeys.order(id), next), [client, id]);
  // Right after "I received it": the rating is asked for in a dialog (the page's own rating panel waits until it closes).
  const [askRating, setAskRating] = useState(false);
  useDocumentTitle(order ? `Order ${order.orderNumber}` : null);

  if (error) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
        <BackLink role={role} />
        <Alert severity="error">{error}</Alert>
      </Container>
    );
  }
  if (!order || !role) return <PageLoader label="Loading order" />;

  const counterpart =
    role === 'buyer'
      ? { label: 'Seller', value: order.seller?.fullName || order.orderItems[0]?.product?.user?.fullName || '—' }
      : { label: 'Buyer', value: order.user ? `${order.user.fullName} (${order.user.email})` : '—' };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <BackLink role={role} />
      <Stack spacing={2.5}>
        {role === 'buyer' && order.viewerRole === 'buyer' && order.status === 'pending' && order.paymentStatus === 'pending' && (
          <AwaitingPayment order={order} />
        )}
        {order.viewerRole === role && <OrderClockNotice order={order} role={role} />}
        <Suspense fallback={null}>
          <HandoverPanel order={order} role={role} onChange={setOrder} onReceived={() => setAskRating(true)} />
          {order.deliveryMethod === 'pay_on_delivery' && <CashOnDeliveryPanel order={order} role={role} onChange={setOrder} />}
        </Suspense>
        {role === 'buyer' && order.status === 'completed' && !askRating && (
          <Suspense fallback={null}>
            <RateSeller orderId={order.id} />
          </Suspense>
        )}
        <Dialog open={askRating} onClose={() => setAskRating(false)} aria-labelledby="ask-rating-title" fullWidth maxWidth="sm">
          <DialogTitle id="ask-rating-title">Thank you! How was the seller?</DialogTitle>
          <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
            <Suspense fallback={null}>{askRating && <RateSeller orderId={order.id} />}</Suspense>
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={() => setAskRating(false)}>
              Close
            </Button>
          </DialogActions>
        </Dialog>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                {role === 'seller' ? 'Order for your listing' : 'Your order'}
              </Typography>
              <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, wordBreak: 'break-all' }}>
                {order.orderNumber}
              </Typography>
              <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <StatusChip tone={statusTone(order.status)} label={statusLabel(order.status)} />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {counterpart.label}: {counterpart.value}
                </Typography>
                {order.viewerRole === role && (
                  <Suspense fallback={null}>
                    <OrderMessageButton orderId={order.id} role={role} />
                  </Suspense>
                )}
              </Stack>
            </Box>
            <Box sx={{ width: { xs: '100%', md: 340 } }}>
              <OrderStatusControl order={order} role={role} onChange={setOrder} />
            </Box>
          </Stack>
          <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
            <TrackingInfo order={order} role={role} onChange={setOrder} />
          </Box>
          {!NEGATIVE_STATUSES.includes(order.status) && (
            <Box sx={{ mt: 3, '&:empty': { display: 'none' } }}>
              <OrderTracker role={role} status={order.status} />
            </Box>
          )}
        </Paper>

        {order.paidAt && (
          <Suspense fallback={null}>
            {/* A rejection of a paid order opens a refund request. */}
            {order.history?.some((h) => h.status === 'rejected_by_buyer') && <RefundRequestPanel order={order} role={role} />}
            {/* A refund of a bank-transfer / USSD payment waits for the buyer's bank account. */}
            {role === 'buyer' && <RefundAccountPanel order={order} />}
            <DisputePanel order={order} role={role} />
          </Suspense>
        )}

        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2.5}>
            <OrderSummary order={order} />
            <Timeline order={order} role={role} />
          </Stack>
          <Stack spacing={2.5}>
            <Section title="Payment Details">
              <Box component="dl" sx={{ m: 0 }}>
                <Fact label="Payment status">
                  <StatusChip tone={orderPaymentText(order).tone} label={orderPaymentText(order).label} component="span" />
                </Fact>
                {order.deliveryMethod === 'pay_on_delivery' && <Fact label="Payment method">Cash on delivery</Fact>}
                <Fact label="Total">{formatOrderMoney(order.totalAmount, order.currency)}</Fact>
                {order.paidAt && <Fact label="Paid on">{formatDateTime(order.paidAt)}</Fact>}
              </Box>
            </Section>
            <Section title="Shipping Information">
              <Box component="dl" sx={{ m: 0 }}>
                <Fact label="Shipping address">{order.shippingAddress?.trim() || 'Not provided'}</Fact>
                <Fact label="Delivery State">{order.deliveryRegion?.trim() || 'Not specified'}</Fact>
                <Fact label="Receiver Number/Whatsapp">{order.receiverPhoneNumber?.trim() || 'Not provided'}</Fact>
                <Fact label="Delivery days">{deliveryDaysText(order.deliveryDays)}</Fact>
              </Box>
            </Section>
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
