import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, useListContext } from 'react-admin';
import { Box, Divider, Link, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { formatOrderMoney, type AdminTransaction, formatShortDate } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { ListError } from '../../common/ListError';
import { ListPagination } from '../../common/ListPagination';
import { transactionPath } from './paths';
import { TransactionFilters } from './TransactionFilters';
import {
  TransactionPaymentStatusChip,
  TransactionStatusChip,
  customerName,
  paymentMethodLabel,
} from './transactionLabels';

const empty = <EmptyState text="No transactions found" hint="Try adjusting your filters" />;

const money = (t: AdminTransaction) => formatOrderMoney(t.amount, t.currency || 'NGN');
/** When the money moved; an unpaid attempt shows when it started. */
const when = (t: AdminTransaction) => formatShortDate(t.paymentDate ?? t.createdAt);

function Customer({ t }: { t: AdminTransaction }) {
  const name = customerName(t.user);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{name}</Typography>
      {name !== t.user.email && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t.user.email}
        </Typography>
      )}
    </Box>
  );
}

/** Phones: one card per transaction, each a link to its page. */
function TransactionCards() {
  const { data, isPending } = useListContext<AdminTransaction>();
  if (isPending) return null;
  if (!data?.length) return empty;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((t, i) => (
        <Box component="li" key={t.id}>
          {i > 0 && <Divider aria-hidden />}
          <Stack spacing={0.75} sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Link
                component={RouterLink}
                to={transactionPath(t.id)}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                aria-label={`Transaction ${t.reference}, ${money(t)}`}
              >
                {money(t)}
              </Link>
              <TransactionStatusChip status={t.status} />
            </Stack>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {customerName(t.user)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2">{paymentMethodLabel(t.paymentMethod)}</Typography>
              <TransactionPaymentStatusChip status={t.paymentStatus} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {when(t)}
              </Typography>
            </Stack>
            <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {t.reference}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

/** 'Showing N transactions' under the table: the rows on this page (the pager gives the total). */
function ShowingCount() {
  const { data, isPending, error } = useListContext<AdminTransaction>();
  if (isPending || error || !data?.length) return null;
  return (
    <Typography variant="body2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }} role="status">
      Showing {data.length} {data.length === 1 ? 'transaction' : 'transactions'}
    </Typography>
  );
}

/** /app.admin/transactions — every payment attempt, filtered and paged on the server. */
export default function TransactionList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<AdminTransaction>
      title="Transactions"
      perPage={25}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={false}
      actions={false}
      pagination={<ListPagination />}
      sx={{ '& .RaList-content': { overflowX: 'auto' } }}
      error={<ListError title="Failed to fetch transactions" />}
    >
      <TransactionFilters />
      {isSmall ? (
        <TransactionCards />
      ) : (
        <DataTable<AdminTransaction> rowClick={(id) => transactionPath(id)} bulkActionButtons={false} empty={empty}>
          <DataTable.Col label="User" render={(t) => <Customer t={t as AdminTransaction} />} />
          <DataTable.Col
            source="amount"
            label="Amount"
            align="right"
            render={money}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="paymentMethod" label="Method" render={(t) => paymentMethodLabel(t.paymentMethod)} />
          <DataTable.Col source="status" label="Status" render={(t) => <TransactionStatusChip status={t.status} />} />
          <DataTable.Col
            source="paymentStatus"
            label="Payment status"
            disableSort
            render={(t) => <TransactionPaymentStatusChip status={t.paymentStatus} />}
          />
          <DataTable.Col
            source="paymentDate"
            label="Date"
            render={when}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col
            source="reference"
            label="Reference"
            disableSort
            render={(t) => (
              // The keyboard's way to the detail page (the row click is the mouse's).
              <Link
                component={RouterLink}
                to={transactionPath(t.id)}
                onClick={(e: MouseEvent) => e.stopPropagation()}
                sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              >
                {t.reference}
              </Link>
            )}
          />
        </DataTable>
      )}
      <ShowingCount />
    </List>
  );
}
