import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useGetIdentity, useGetList } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PaymentsIcon from '@mui/icons-material/Payments';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import { formatNaira, formatOrderMoney, type AdminAccount, type DashboardStats, type Order, formatStamp } from '@kasuwa/contracts';
import { LoadError } from '../common/ListError';
import { adminPath } from '../config';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { OrderStatusChip } from '../resources/orders/orderStatus';
import { orderPath } from '../resources/orders/paths';
import { useDashboardStats } from './useDashboardStats';

const LOAD_FAILED = 'Failed to load dashboard data';
const count = new Intl.NumberFormat('en-US');

/** Pending admin requests, counted by the server (Content-Range total of a one-row page). */
function PendingRequestsCard() {
  const { total, isPending, error } = useGetList<AdminAccount>('admins', {
    filter: { status: 'pending' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <Card variant="outlined" sx={{ flex: '1 1 260px' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Admin requests
        </Typography>
        {error ? (
          <Typography color="error">{LOAD_FAILED}</Typography>
        ) : isPending ? (
          <Skeleton width={180} />
        ) : (
          <Typography>
            {total === 0
              ? 'No requests are waiting for a decision.'
              : `${total} ${total === 1 ? 'request is' : 'requests are'} waiting for a decision.`}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={adminPath('/admins')}>
          Review requests
        </Button>
      </CardActions>
    </Card>
  );
}

function Welcome() {
  const { identity, isPending, error } = useGetIdentity();
  if (error) return null; // the stats below say whether the API answers
  return (
    <Box>
      <Typography variant="h5" component="h1">
        {isPending ? <Skeleton width={240} /> : `Welcome, ${identity?.fullName ?? ''}`}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {isPending ? <Skeleton width={200} /> : `Signed in as ${String(identity?.email ?? '')}`}
      </Typography>
    </Box>
  );
}

/** One figure: a label, the value, and a line of context under it. */
function StatCard({
  label,
  value,
  caption,
  icon,
  to,
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: ReactNode;
  to?: string;
}) {
  const body = (
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.5 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="h2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
            {caption}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ flex: '1 1 220px', minWidth: 0 }}>
      {to ? (
        <Box
          component={RouterLink}
          to={to}
          sx={{ display: 'block', color: 'inherit', textDecoration: 'none', '&:hover': { bgcolor: 'action.hover' } }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Card>
  );
}

function Trend({ value, window }: { value: number | null; window: string }) {
  if (value === null) return <>No sales in the previous {window} to compare</>;
  const Icon = value > 0 ? TrendingUpIcon : value < 0 ? TrendingDownIcon : TrendingFlatIcon;
  const sign = value > 0 ? '+' : '';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" aria-hidden />
      <span>
        {sign}
        {value}% vs the previous {window}
      </span>
    </Stack>
  );
}

/** A figure card's lines while loading: its label, the figure, the change. */
const FIGURE_LINES = [{ width: '50%' }, { width: '70%', height: 40 }, { width: '60%' }];

function StatsSkeleton({ cards }: { cards: number }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} aria-hidden>
      {Array.from({ length: cards }, (_, i) => (
        <Card variant="outlined" key={i} sx={{ flex: '1 1 220px' }}>
          <CardContent>
            {FIGURE_LINES.map((line) => (
              <Skeleton key={line.width} {...line} />
            ))}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Figures({ stats }: { stats: DashboardStats['stats'] }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <StatCard label="Total users" value={count.format(stats.totalUsers)} icon={<PeopleIcon />} to={adminPath('/users')} />
        <StatCard label="Total products" value={count.format(stats.totalProducts)} icon={<StorefrontIcon />} to={adminPath('/products')} />
        <StatCard
          label="Total orders"
          value={count.format(stats.totalOrders)}
          caption={`${count.format(stats.paidOrders)} paid`}
          icon={<ReceiptLongIcon />}
          to={adminPath('/orders')}
        />
        <StatCard label="Revenue" value={formatNaira(stats.revenue)} caption="From paid orders" icon={<PaymentsIcon />} />
      </Box>
      <Box component="section" aria-labelledby="revenue-heading">
        <Typography variant="h6" component="h2" id="revenue-heading" sx={{ mb: 1 }}>
          Revenue from paid orders
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {REVENUE_WINDOWS.map(({ key, label, window }) => (
            <StatCard
              key={key}
              label={label}
              value={formatNaira(stats[key])}
              caption={<Trend value={stats.trends?.[key] ?? null} window={window} />}
              icon={<PaymentsIcon />}
            />
          ))}
        </Box>
      </Box>
      {stats.money && (
        <Box component="section" aria-labelledby="money-heading">
          <Typography variant="h6" component="h2" id="money-heading" sx={{ mb: 1 }}>
            Kasuwa's money
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {moneyCards(stats.money).map(({ label, value, caption, to }) => (
              <StatCard key={label} label={label} value={formatNaira(value)} caption={caption} icon={<PaymentsIcon />} to={to} />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

/** The revenue cards: the stats' figure and trend for each window, and how the card names it. */
const REVENUE_WINDOWS = [
  { key: 'daily', label: 'Daily revenue (last 24 hours)', window: '24 hours' },
  { key: 'weekly', label: 'Weekly revenue (last 7 days)', window: '7 days' },
  { key: 'monthly', label: 'Monthly revenue (last 30 days)', window: '30 days' },
] as const;

/** Kasuwa's money, a card each: the amount, what it means or how it splits, and the screen that lists it. */
function moneyCards(m: DashboardStats['stats']['money']): { label: string; value: string; caption: string; to?: string }[] {
  return [
    { label: 'GMV', value: m.gmv, caption: 'Goods sold and paid for' },
    {
      label: 'Commission earned',
      value: m.commissionEarned,
      caption: `${formatNaira(m.commission.daily)} today · ${formatNaira(m.commission.weekly)} this week · ${formatNaira(m.commission.monthly)} this month`,
      to: adminPath('/ledger'),
    },
    { label: 'Held in escrow', value: m.escrowHeld, caption: 'Waiting for buyers to confirm', to: adminPath('/disputes') },
    { label: 'Payouts pending', value: m.payoutsPending, caption: `${formatNaira(m.paidOut)} paid out`, to: adminPath('/payouts') },
    { label: 'Refunds', value: m.refunded, caption: `${formatNaira(m.refundsPending)} in progress`, to: adminPath('/refunds') },
    {
      label: 'Cash on delivery',
      value: m.cashOnDelivery.amount,
      caption: `${m.cashOnDelivery.orders} orders paid at the door · ${formatNaira(m.cashOnDelivery.owedBySellers)} commission owed`,
      to: `${adminPath('/transactions')}?filter=${encodeURIComponent(JSON.stringify({ type: 'cash' }))}`,
    },
  ];
}

function OrderNumberLink({ order }: { order: Order }) {
  return (
    <Link component={RouterLink} to={orderPath(order.id)} sx={{ fontWeight: 600 }}>
      {order.orderNumber}
    </Link>
  );
}

/** The recent-orders table on wider screens: each column's header and how a row shows it. */
const RECENT_COLUMNS: { header: string; align?: 'right'; nowrap?: boolean; cell: (o: Order) => ReactNode }[] = [
  { header: 'Order number', cell: (o) => <OrderNumberLink order={o} /> },
  {
    header: 'Buyer',
    cell: (o) => (
      <>
        {o.user.fullName || o.user.email}
        {o.user.fullName && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {o.user.email}
          </Typography>
        )}
      </>
    ),
  },
  { header: 'Total', align: 'right', nowrap: true, cell: (o) => formatOrderMoney(o.totalAmount, o.currency) },
  { header: 'Status', cell: (o) => <OrderStatusChip status={o.status} /> },
  { header: 'Date', nowrap: true, cell: (o) => formatStamp(o.createdAt) },
];

/** A row of the recent-orders table: the column headers, or an order's cells. */
function RecentRow({ order }: { order?: Order }) {
  return (
    <TableRow hover={Boolean(order)}>
      {RECENT_COLUMNS.map((c) => (
        <TableCell key={c.header} align={c.align} sx={order && c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
          {order ? c.cell(order) : c.header}
        </TableCell>
      ))}
    </TableRow>
  );
}

function RecentOrders({ orders }: { orders: Order[] }) {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Card component="section" aria-labelledby="recent-orders-heading">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" id="recent-orders-heading">
            Recent orders
          </Typography>
          <Button size="small" component={RouterLink} to={adminPath('/orders')}>
            View all orders
          </Button>
        </Stack>
      </CardContent>
      {orders.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} role="status">
          No recent orders found
        </Typography>
      ) : isPhone ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {orders.map((o) => (
            <Stack component="li" key={o.id} spacing={0.5} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <OrderNumberLink order={o} />
                <OrderStatusChip status={o.status} />
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {o.user.fullName || o.user.email}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatOrderMoney(o.totalAmount, o.currency)} · {formatStamp(o.createdAt)}
              </Typography>
            </Stack>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="recent-orders-heading">
            <TableHead>
              <RecentRow />
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <RecentRow key={o.id} order={o} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}

function RecentOrdersSkeleton() {
  return (
    <Card aria-hidden>
      <CardContent>
        <Skeleton width={160} height={32} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </CardContent>
    </Card>
  );
}

/** /app.admin — the real figures (users, products, orders, revenue from paid orders) and the 5 latest orders. */
export default function Dashboard() {
  const { data, error, isPending, refetch } = useDashboardStats();
  return (
    <Stack spacing={3} sx={{ mt: { xs: 1, sm: 2 }, mb: 3 }}>
      <Title title="Dashboard" />
      <Welcome />
      {isPending && (
        <Box role="status" aria-live="polite">
          <Box component="span" sx={visuallyHidden}>
            Loading dashboard data
          </Box>
          <Stack spacing={3}>
            <StatsSkeleton cards={4} />
            <StatsSkeleton cards={3} />
            <RecentOrdersSkeleton />
          </Stack>
        </Box>
      )}
      {!isPending && (error || !data) && <LoadError title={LOAD_FAILED} error={error} onRetry={() => void refetch()} />}
      {!isPending && data && (
        <>
          <Figures stats={data.stats} />
          <RecentOrders orders={data.recentData?.orders ?? []} />
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <PendingRequestsCard />
      </Box>
    </Stack>
  );
}
