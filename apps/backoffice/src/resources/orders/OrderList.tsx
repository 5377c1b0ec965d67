import type { MouseEvent, SyntheticEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, RecordContextProvider, SearchInput, useListContext } from 'react-admin';
import { Box, Button, Divider, Link, Stack, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ADMIN_ORDER_FILTERS, formatOrderMoney, type Order, formatShortDate } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { OrderStatusChip, PaymentStatusChip, orderStatusLabel } from './orderStatus';
import { orderPath } from './paths';

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search order number, first name or email"
    sx={{ minWidth: { xs: '100%', sm: 340 } }}
    slotProps={{ htmlInput: { 'aria-label': 'Search orders by order number, first name or email' } }}
  />,
];

const empty = <EmptyState text="No orders found" hint="Try another search or status." />;
const stop = (event: MouseEvent) => event.stopPropagation();
const ALL = 'all';

/** Spec §9 filters: All, pending, processing, shipped, delivered, cancelled (server-side; cancelled includes the buyer's). */
function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext<Order>();
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

/** Both views of an order; the seller's is where an admin changes the status. */
function ViewLinks({ order }: { order: Order }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        variant="outlined"
        component={RouterLink}
        to={orderPath(order.id, 'buyer')}
        onClick={stop}
        aria-label={`Buyer view of order ${order.orderNumber}`}
      >
        Buyer view
      </Button>
      <Button
        size="small"
        variant="outlined"
        component={RouterLink}
        to={orderPath(order.id, 'seller')}
        onClick={stop}
        aria-label={`Seller view of order ${order.orderNumber}`}
      >
        Seller view
      </Button>
    </Stack>
  );
}

/** The table's compact form of the same two links, one above the other. */
function ViewLinksCompact({ order }: { order: Order }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Link
        component={RouterLink}
        to={orderPath(order.id, 'buyer')}
        onClick={stop}
        variant="body2"
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={`Buyer view of order ${order.orderNumber}`}
      >
        Buyer view
      </Link>
      <Link
        component={RouterLink}
        to={orderPath(order.id, 'seller')}
        onClick={stop}
        variant="body2"
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={`Seller view of order ${order.orderNumber}`}
      >
        Seller view
      </Link>
    </Stack>
  );
}

/** A name, with the email under it when there is room (xl); the search box finds emails either way. */
function Person({ name, email, withEmail }: { name: string; email: string; withEmail: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name || email}</Typography>
      {withEmail && name && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {email}
        </Typography>
      )}
    </Box>
  );
}

/** Phones: one stacked card per order, so the two view links stay reachable at 360 px. */
function OrderCards() {
  const { data, isPending } = useListContext<Order>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((order, i) => (
        <RecordContextProvider value={order} key={order.id}>
          {i > 0 && <Divider component="li" aria-hidden />}
          <Stack component="li" spacing={1} sx={{ p: 2 }}>
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
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatShortDate(order.createdAt)}
              </Typography>
            </Stack>
            <ViewLinks order={order} />
          </Stack>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

/** /app.admin/orders — every order, paged, filtered and searched on the server. */
export default function OrderList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const isWide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('xl'));
  return (
    <List<Order>
      title="Orders"
      filters={filters}
      perPage={10}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      pagination={<ListPagination />}
      // Wide tables scroll inside their card instead of widening the page.
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      error={<ListError title="Failed to fetch orders" />}
    >
      <StatusTabs />
      {isSmall ? (
        <OrderCards />
      ) : (
        <DataTable<Order>
          rowClick={(id) => orderPath(id, 'seller')}
          bulkActionButtons={false}
          empty={empty}
          sx={{ '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
        >
          <DataTable.Col source="orderNumber" label="Order number" />
          <DataTable.Col label="Buyer" render={(o) => <Person name={o.user.fullName} email={o.user.email} withEmail={isWide} />} />
          <DataTable.Col label="Seller" render={(o) => <Person name={o.seller.fullName} email={o.seller.email} withEmail={isWide} />} />
          <DataTable.Col
            source="totalAmount"
            label="Total"
            align="right"
            render={(o) => formatOrderMoney(o.totalAmount, o.currency)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="status" label="Status" render={(o) => <OrderStatusChip status={o.status} />} />
          <DataTable.Col
            source="paymentStatus"
            label="Payment status"
            disableSort
            render={(o) => <PaymentStatusChip status={o.paymentStatus} />}
          />
          <DataTable.Col
            source="createdAt"
            label="Date"
            render={(o) => formatShortDate(o.createdAt)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col label="Views" render={(o) => <ViewLinksCompact order={o as Order} />} />
        </DataTable>
      )}
    </List>
  );
}
