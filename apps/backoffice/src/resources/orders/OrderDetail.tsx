import { RecordAuditLog } from '../audit-log/RecordAuditLog';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { HttpError, Title, useGetMany, useGetOne } from 'react-admin';
import { Avatar, Box, Button, ButtonGroup, Card, CardContent, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import { formatOrderMoney, type AdminAccount, type Order, type OrderHistoryEntry, formatStamp } from '@kasuwa/contracts';
import { BackToList, DetailError, DetailLoading } from '../../common/DetailStates';
import { LabelledValue } from '../../common/LabelledValue';
import { OrderLedger } from '../money/OrderLedger';
import { userPath } from '../users/paths';
import { AdminStatusChange } from './AdminStatusChange';
import { carrierCell, TrackingNumber } from './tracking';
import { OrderStatusChip, PaymentStatusChip, actorLabel, orderStatusLabel } from './orderStatus';
import { isOrderViewRole, orderPath, ordersPath, type OrderViewRole } from './paths';
import { CanWrite } from '../../common/CanWrite';

const NOT_SPECIFIED = 'Not specified';
const NOT_PROVIDED = 'Not provided';

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Divider sx={{ mb: 2 }} />
        {children}
      </CardContent>
    </Card>
  );
}

/** A label and its value, stacked (definition-list semantics for screen readers). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}>
      <LabelledValue label={label}>{children}</LabelledValue>
    </Box>
  );
}

const Facts = ({ children }: { children: ReactNode }) => (
  <Box component="dl" sx={{ m: 0 }}>
    {children}
  </Box>
);

function Party({ title, id, name, email }: { title: string; id: number; name: string; email: string }) {
  return (
    <Section title={title} id={`party-${title}`}>
      <Facts>
        <Fact label="Name">
          <Link component={RouterLink} to={userPath(id)}>
            {name || email}
          </Link>
        </Fact>
        <Fact label="Email">
          <Link href={`mailto:${email}`}>{email}</Link>
        </Fact>
      </Facts>
    </Section>
  );
}

function OrderSummary({ order }: { order: Order }) {
  return (
    <Section title="Order Summary" id="order-summary">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.orderItems.map((item) => {
          const image = item.product.productImages[0];
          const lineTotal = Number(item.priceAtTime) * item.quantity;
          return (
            <Stack
              component="li"
              key={item.id}
              direction="row"
              spacing={2}
              sx={{ py: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
            >
              <Avatar variant="rounded" src={image?.thumbnailUrl} alt="" sx={{ width: 56, height: 56 }}>
                {item.product.productName.charAt(0)}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.product.productName}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {item.quantity} × {formatOrderMoney(item.priceAtTime, item.currency)}
                </Typography>
              </Box>
              <Typography sx={{ whiteSpace: 'nowrap' }}>{formatOrderMoney(lineTotal, item.currency)}</Typography>
            </Stack>
          );
        })}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>Total</Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatOrderMoney(order.totalAmount, order.currency)}</Typography>
      </Stack>
    </Section>
  );
}

function PaymentDetails({ order }: { order: Order }) {
  return (
    <Section title="Payment Details" id="payment-details">
      <Facts>
        <Fact label="Payment status">
          <PaymentStatusChip status={order.paymentStatus} />
        </Fact>
        <Fact label="Total">{formatOrderMoney(order.totalAmount, order.currency)}</Fact>
        <Fact label="Paid on">{order.paidAt ? formatStamp(order.paidAt) : 'Not paid'}</Fact>
      </Facts>
    </Section>
  );
}

function ShippingInformation({ order }: { order: Order }) {
  return (
    <Section title="Shipping Information" id="shipping-information">
      <Facts>
        <Fact label="Shipping address">{order.shippingAddress?.trim() || NOT_PROVIDED}</Fact>
        <Fact label="Delivery State">{order.deliveryRegion?.trim() || NOT_SPECIFIED}</Fact>
        <Fact label="Receiver Number/Whatsapp">{order.receiverPhoneNumber?.trim() || NOT_PROVIDED}</Fact>
        <Fact label="Delivery days">{order.deliveryDays ?? 'N/A'}</Fact>
        <Fact label="Carrier">{carrierCell(order)}</Fact>
        <Fact label="Tracking number">
          <TrackingNumber order={order} />
        </Fact>
      </Facts>
    </Section>
  );
}

/** Who made a change, by name where the order says it (buyer, seller) or the admins list does. */
function useActorName(order: Order) {
  const adminIds = [...new Set(order.history.filter((h) => h.actorKind === 'admin' && h.actorId !== null).map((h) => h.actorId as number))];
  const { data: admins } = useGetMany<AdminAccount>('admins', { ids: adminIds }, { enabled: adminIds.length > 0 });
  return (entry: OrderHistoryEntry): string => {
    const kind = actorLabel[entry.actorKind] ?? entry.actorKind;
    if (entry.actorKind === 'buyer') return `${kind} (${order.user.fullName || order.user.email})`;
    if (entry.actorKind === 'seller') return `${kind} (${order.seller.fullName || order.seller.email})`;
    if (entry.actorKind === 'admin') {
      const admin = admins?.find((a) => a.id === entry.actorId);
      const name = admin ? `${admin.firstName} ${admin.lastName}`.trim() || admin.email : entry.actorId ? `#${entry.actorId}` : '';
      return name ? `${kind} (${name})` : kind;
    }
    return kind;
  };
}

function OrderTimeline({ order }: { order: Order }) {
  const actorName = useActorName(order);
  // Oldest first, so the page reads as the order's story.
  const entries = [...order.history].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <Section title="Order Timeline" id="order-timeline">
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        <TimelineItem title={`Order placed on ${formatStamp(order.createdAt)}`} />
        {entries.map((h) => (
          <TimelineItem
            key={h.id}
            title={h.fromStatus ? `${orderStatusLabel(h.fromStatus)} → ${orderStatusLabel(h.status)}` : orderStatusLabel(h.status)}
            meta={`${formatStamp(h.createdAt)} · by ${actorName(h)}`}
            reason={h.reason}
          />
        ))}
      </Box>
    </Section>
  );
}

function TimelineItem({ title, meta, reason }: { title: string; meta?: string; reason?: string | null }) {
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        pl: 3,
        pb: 2,
        '&:last-child': { pb: 0 },
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 4,
          top: 6,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: 'primary.main',
        },
        '&:not(:last-child)::after': {
          content: '""',
          position: 'absolute',
          left: 8,
          top: 18,
          bottom: 0,
          width: 2,
          bgcolor: 'divider',
        },
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {meta && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {meta}
        </Typography>
      )}
      {reason && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Reason: {reason}
        </Typography>
      )}
    </Box>
  );
}

/** Links between the two views; the current one is filled and marked as the current page. */
function ViewSwitch({ order, role }: { order: Order; role: OrderViewRole }) {
  const link = (to: OrderViewRole, label: string) => (
    <Button
      component={RouterLink}
      to={orderPath(order.id, to)}
      variant={role === to ? 'contained' : 'outlined'}
      aria-current={role === to ? 'page' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <ButtonGroup size="small" aria-label="Order view">
      {link('buyer', 'Buyer view')}
      {link('seller', 'Seller view')}
    </ButtonGroup>
  );
}

const BackLink = () => <BackToList to={ordersPath()}>Back to orders</BackToList>;

function OrderPage({ order, role }: { order: Order; role: OrderViewRole }) {
  return (
    <Stack spacing={2} sx={{ mt: { xs: 1, sm: 2 }, mb: 3 }}>
      <Title title={`Order ${order.orderNumber}`} />
      <BackLink />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            Order {order.orderNumber}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 0.5 }}>
            <OrderStatusChip status={order.status} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {role === 'buyer' ? 'Buyer view (read-only)' : 'Seller view'} · placed {formatStamp(order.createdAt)}
            </Typography>
          </Stack>
        </Box>
        <ViewSwitch order={order} role={role} />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Party title="Buyer" id={order.user.id} name={order.user.fullName} email={order.user.email} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Party title="Seller" id={order.seller.id} name={order.seller.fullName} email={order.seller.email} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <OrderSummary order={order} />
            <OrderTimeline order={order} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            {role === 'seller' && (
              // Finance reads orders; support (and owners) change their status.
              <CanWrite resource="orders">
                <Card variant="outlined">
                  <CardContent>
                    <AdminStatusChange order={order} />
                  </CardContent>
                </Card>
              </CanWrite>
            )}
            <PaymentDetails order={order} />
            <OrderLedger orderId={order.id} />
            <ShippingInformation order={order} />
            <RecordAuditLog targetType="orders" targetId={order.id} />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** /app.admin/orders/:id/:role — role buyer (read-only) or seller (with the admin status change). */
export default function OrderDetail() {
  const { id = '', role } = useParams();
  const valid = isOrderViewRole(role);
  const numericId = /^\d+$/.test(id) ? Number(id) : 0;
  const {
    data: order,
    isPending,
    error,
    refetch,
  } = useGetOne<Order>('orders', { id: numericId }, { enabled: valid && numericId > 0, retry: false });

  // /orders/:id/show and other unknown roles land on the seller view, where the admin acts.
  if (!valid) return <Navigate to={orderPath(id, 'seller')} replace />;

  if (isPending && numericId > 0) return <DetailLoading title="Order" label="Loading order" />;
  if (error || !order) {
    const notFound = !error || (error instanceof HttpError && error.status === 404);
    const detail = error instanceof Error && error.message ? error.message : '';
    return (
      <DetailError
        title="Order"
        back={<BackLink />}
        heading={notFound ? 'Order not found' : 'Failed to fetch order details'}
        onRetry={notFound ? undefined : () => void refetch()}
      >
        {notFound ? 'No order found with the provided ID' : detail !== 'Failed to fetch order details' && detail}
      </DetailError>
    );
  }
  return <OrderPage order={order} role={role} />;
}
