import type { MouseEvent, SyntheticEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SearchInput, SelectInput, useListContext, useRedirect } from 'react-admin';
import { Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  ADMIN_ORDER_FILTERS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHODS,
  formatOrderMoney,
  type Order,
  formatStamp,
} from '@kasuwa/contracts';
import { GridList } from '../../common/GridList';
import { NameAndEmail } from '../../common/NameAndEmail';
import { OrderStatusChip, PaymentStatusChip, orderStatusLabel, paymentStatusLabel } from './orderStatus';
import { ORDER_VIEW_ROLES, orderPath, type OrderViewRole } from './paths';
import { carrierCell, TrackingNumber } from './tracking';

const POD_STATE_CHOICES = [
  { id: 'awaiting', name: 'Awaiting cash' },
  { id: 'cash_received', name: 'Cash received' },
  { id: 'refused', name: 'Refused at the door' },
];

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search order number, first name or email"
    sx={{ minWidth: { xs: '100%', sm: 340 } }}
    slotProps={{ htmlInput: { 'aria-label': 'Search orders by order number, first name or email' } }}
  />,
  // Delivery method (docs/delivery.md: Delivery); "Before delivery options" = orders with none (fee paid on receipt).
  <SelectInput
    key="deliveryMethod"
    source="deliveryMethod"
    label="Delivery method"
    alwaysOn
    choices={[...DELIVERY_METHODS.map((id) => ({ id, name: DELIVERY_METHOD_LABELS[id] })), { id: 'none', name: 'Before delivery options' }]}
    sx={{ minWidth: 200 }}
  />,
  // Pay on delivery's outcome: the cash confirmations and the refusals at the door.
  <SelectInput key="podState" source="podState" label="Cash on delivery" choices={POD_STATE_CHOICES} sx={{ minWidth: 200 }} />,
];

const deliveryText = (o: Order) => (o.deliveryMethod ? DELIVERY_METHOD_LABELS[o.deliveryMethod] : '—');

/** A pay-on-delivery order's outcome in words; '—' for orders paid online. */
export const podStateText = (o: Pick<Order, 'deliveryMethod' | 'cashReceivedAt' | 'deliveryRefusedAt'>): string => {
  if (o.deliveryMethod !== 'pay_on_delivery') return '—';
  if (o.cashReceivedAt) return `Cash received ${formatStamp(o.cashReceivedAt)}`;
  if (o.deliveryRefusedAt) return `Refused ${formatStamp(o.deliveryRefusedAt)}`;
  return 'Awaiting cash';
};

const EMPTY_TEXT = 'No orders found';
const EMPTY_HINT = 'Try another search or status.';
const stop = (event: MouseEvent) => event.stopPropagation();
const ALL = 'all';

/** The product constants filters: All, pending, processing, shipped, delivered, cancelled (server-side; cancelled includes the buyer's). */
function StatusTabs() {
  const list = useListContext<Order>();
  const { setFilters } = list;
  // react-admin types the filter values (and the shown filters) as `any`: they are the address's filter object.
  const filterValues = list.filterValues as Record<string, unknown>;
  const displayedFilters = list.displayedFilters as Record<string, boolean>;
  const current = typeof filterValues.status === 'string' && filterValues.status ? filterValues.status : ALL;
  const onChange = (_event: SyntheticEvent, value: string) => {
    const { status: _status, ...rest } = filterValues;
    setFilters(value === ALL ? rest : { ...rest, status: value }, displayedFilters);
  };
  // width 0 + min-width 100%: fills the card without its tab row widening the page at 360 px.
  return (
    <Box sx={{ width: 0, minWidth: '100%' }}>
      <Tabs
        value={current}
        onChange={onChange}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Filter orders by status"
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
      >
        <Tab value={ALL} label="All" />
        {ADMIN_ORDER_FILTERS.map((status) => (
          <Tab key={status} value={status} label={orderStatusLabel(status)} />
        ))}
      </Tabs>
    </Box>
  );
}

const VIEW_NAMES: Record<OrderViewRole, string> = { buyer: 'Buyer view', seller: 'Seller view' };

/**
 * Both views of an order; the seller's is where an admin changes the status. Outlined buttons side by side on the
 * phone cards; in the grid, plain links one above the other (a narrow column). A click does not also open the row.
 */
function ViewLinks({ order, compact = false }: { order: Order; compact?: boolean }) {
  return (
    <Stack
      direction={compact ? 'column' : 'row'}
      spacing={compact ? 0 : 1}
      sx={compact ? { height: '100%', justifyContent: 'center', alignItems: 'flex-start', lineHeight: 1.5 } : undefined}
    >
      {ORDER_VIEW_ROLES.map((role) => {
        const common = {
          component: RouterLink,
          to: orderPath(order.id, role),
          onClick: stop,
          'aria-label': `${VIEW_NAMES[role]} of order ${order.orderNumber}`,
          children: VIEW_NAMES[role],
        };
        return compact ? (
          <Link key={role} variant="body2" sx={{ whiteSpace: 'nowrap' }} {...common} />
        ) : (
          <Button key={role} size="small" variant="outlined" {...common} />
        );
      })}
    </Stack>
  );
}

/** Phones: one stacked card per order, so the two view links stay reachable at 360 px. */
const orderCard = (order: Order) => (
  <Stack spacing={1} sx={{ p: 2 }}>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
        {order.orderNumber}
      </Typography>
      <OrderStatusChip status={order.status} />
    </Stack>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      Buyer: {order.user.fullName || order.user.email}
      <br />
      Seller: {order.seller.fullName || order.seller.email}
    </Typography>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{formatOrderMoney(order.totalAmount, order.currency)}</Typography>
      <PaymentStatusChip status={order.paymentStatus} />
      {order.deliveryMethod && (
        <Typography variant="body2">
          {deliveryText(order)} · {formatOrderMoney(order.deliveryFee, order.currency)}
          {order.deliveryMethod === 'pay_on_delivery' && ` · ${podStateText(order)}`}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatStamp(order.createdAt)}
      </Typography>
    </Stack>
    {order.carrier && (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Carrier: {carrierCell(order)}
        {order.trackingNumber && (
          <>
            {' · '}
            <TrackingNumber order={order} />
          </>
        )}
      </Typography>
    )}
    <ViewLinks order={order} />
  </Stack>
);

/** A person column (buyer or seller): sorted by nobody, exported and shown as the name, the email under it. */
const personColumn = (field: 'user' | 'seller', headerName: string): GridColDef<Order> => ({
  field,
  headerName,
  flex: 1,
  minWidth: 100,
  sortable: false,
  filterable: false,
  valueFormatter: (_value, o) => o[field].fullName || o[field].email,
  renderCell: ({ row: o }) => <NameAndEmail name={o[field].fullName} email={o[field].email} />,
});

/**
 * Desktop grid: paging and sorting on the server; the status column filter is the tabs' filter (the product constants groups). The
 * widths add up to what a 1280-px screen leaves beside the menu, so every shown column fits without scrolling there.
 */
const columns: GridColDef<Order>[] = [
  { field: 'orderNumber', headerName: 'Order number', width: 112, filterable: false },
  personColumn('user', 'Buyer'),
  personColumn('seller', 'Seller'),
  {
    field: 'totalAmount',
    headerName: 'Total',
    width: 105,
    align: 'right',
    headerAlign: 'right',
    filterable: false,
    valueFormatter: (_value, o) => formatOrderMoney(o.totalAmount, o.currency),
  },
  {
    field: 'deliveryMethod',
    headerName: 'Delivery',
    width: 130,
    sortable: false,
    filterable: false,
    valueFormatter: (_value, o) => deliveryText(o),
  },
  {
    field: 'deliveryFee',
    headerName: 'Delivery fee',
    width: 105,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    filterable: false,
    valueFormatter: (_value, o) => (o.deliveryMethod ? formatOrderMoney(o.deliveryFee, o.currency) : '—'),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 112,
    type: 'singleSelect',
    valueOptions: ADMIN_ORDER_FILTERS.map((value) => ({ value, label: orderStatusLabel(value) })),
    filterable: true,
    valueFormatter: (value: string) => orderStatusLabel(value),
    renderCell: ({ row: o }) => <OrderStatusChip status={o.status} />,
  },
  {
    field: 'paymentStatus',
    headerName: 'Payment status',
    width: 118,
    sortable: false,
    filterable: false,
    valueFormatter: (value: string) => paymentStatusLabel(value),
    renderCell: ({ row: o }) => <PaymentStatusChip status={o.paymentStatus} />,
  },
  {
    field: 'podState',
    headerName: 'Cash on delivery',
    width: 150,
    sortable: false,
    filterable: false,
    valueGetter: (_value, o) => podStateText(o),
  },
  { field: 'carrier', headerName: 'Carrier', width: 92, sortable: false, filterable: false, valueFormatter: (_value, o) => carrierCell(o) },
  {
    field: 'trackingNumber',
    headerName: 'Tracking',
    width: 112,
    sortable: false,
    filterable: false,
    valueFormatter: (_value, o) => o.trackingNumber ?? '',
    renderCell: ({ row: o }) => <TrackingNumber order={o} />,
  },
  { field: 'createdAt', headerName: 'Date', width: 110, filterable: false, valueFormatter: (value: string) => formatStamp(value) },
  {
    field: 'views',
    headerName: 'Views',
    width: 110,
    sortable: false,
    filterable: false,
    disableExport: true,
    renderCell: ({ row: o }) => <ViewLinks order={o} compact />,
  },
];

/** /app.admin/orders — every order, paged, filtered and searched on the server; a grid on desktop, cards on phones. */
export default function OrderList() {
  const redirect = useRedirect();
  return (
    <GridList<Order>
      label="Orders"
      filters={filters}
      errorTitle="Failed to fetch orders"
      emptyText={EMPTY_TEXT}
      emptyHint={EMPTY_HINT}
      columns={columns}
      onRowClick={(o) => redirect(orderPath(o.id, 'seller'))}
      // Twelve columns do not fit beside the menu at 1280 px: Views, Delivery and Delivery fee wait in the column chooser
      // (a row opens the seller view; the phone cards and the order page show the delivery; the method has its filter).
      hiddenByDefault={['views', 'deliveryMethod', 'deliveryFee', 'podState']}
      header={<StatusTabs />}
      card={orderCard}
    />
  );
}
