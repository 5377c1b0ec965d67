import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListContext, useRedirect } from 'react-admin';
import { Chip, Link, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatOrderMoney, type AdminTransaction, formatStamp } from '@kasuwa/contracts';
import { GridList } from '../../common/GridList';
import { NameAndEmail } from '../../common/NameAndEmail';
import { transactionPath } from './paths';
import { TransactionFilters } from './TransactionFilters';
import {
  TransactionPaymentStatusChip,
  TransactionStatusChip,
  customerName,
  paymentMethodLabel,
  transactionTypeLabel,
} from './transactionLabels';

const EMPTY_TEXT = 'No transactions found';
const EMPTY_HINT = 'Try adjusting your filters';

/**
 * Signed as the export signs it: money in plus (payments, and cash on delivery: paid to the seller, not through Kasuwa),
 * money out minus (refunds, payouts).
 */
export const transactionMoney = (t: Pick<AdminTransaction, 'type' | 'amount' | 'currency'>) =>
  `${t.type === 'payment' || t.type === 'cash' ? '' : '\u2212'}${formatOrderMoney(t.amount, t.currency || 'NGN')}`;
const money = transactionMoney;
/** When the money moved; an unpaid attempt shows when it started. */
const when = (t: AdminTransaction) => formatStamp(t.paymentDate ?? t.createdAt);

/** Payments have a page of their own; a refund or payout row says what it is. */
const hasPage = (t: AdminTransaction) => t.type === 'payment';

const TypeChip = ({ t }: { t: AdminTransaction }) => (
  <Chip size="small" label={transactionTypeLabel(t.type)} color={t.type === 'payment' ? 'default' : 'info'} variant="outlined" />
);

/** Phones: one card per transaction (a payment's is a link to its page). */
const transactionCard = (t: AdminTransaction) => (
  <Stack spacing={0.75} sx={{ p: 2 }}>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      {hasPage(t) ? (
        <Link
          component={RouterLink}
          to={transactionPath(t.id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          aria-label={`Transaction ${t.reference}, ${money(t)}`}
        >
          {money(t)}
        </Link>
      ) : (
        <Typography sx={{ fontWeight: 600 }}>{money(t)}</Typography>
      )}
      <TransactionStatusChip status={t.status} />
    </Stack>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {customerName(t.user)}
    </Typography>
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <TypeChip t={t} />
      {hasPage(t) && <Typography variant="body2">{paymentMethodLabel(t.paymentMethod)}</Typography>}
      <TransactionPaymentStatusChip status={t.paymentStatus} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {when(t)}
      </Typography>
    </Stack>
    <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {t.reference}
    </Typography>
  </Stack>
);

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

const cell = (render: (t: AdminTransaction) => ReactNode) => ({ renderCell: ({ row }: { row: AdminTransaction }) => render(row) });

/**
 * Desktop grid: sorting and paging on the server; the Status/Type filters above are the list's own (column filters off).
 * The widths (with the selection checkboxes) add up to what a 1280-px screen leaves beside the menu, so the Reference
 * column shows without scrolling there; a long reference wraps onto a second line instead of widening the grid.
 */
const columns: GridColDef<AdminTransaction>[] = [
  {
    field: 'type',
    headerName: 'Type',
    width: 100,
    sortable: false,
    filterable: false,
    valueFormatter: (v: AdminTransaction['type']) => transactionTypeLabel(v),
    ...cell((t) => <TypeChip t={t} />),
  },
  {
    field: 'user',
    headerName: 'User',
    flex: 1,
    minWidth: 140,
    sortable: false,
    filterable: false,
    valueFormatter: (_v, t) => customerName(t.user),
    ...cell((t) => <NameAndEmail name={customerName(t.user)} email={t.user.email} />),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 115,
    align: 'right',
    headerAlign: 'right',
    filterable: false,
    valueFormatter: (_v, t) => money(t),
  },
  {
    field: 'paymentMethod',
    headerName: 'Method',
    width: 90,
    filterable: false,
    valueFormatter: (_v, t) => (hasPage(t) ? paymentMethodLabel(t.paymentMethod) : '—'),
  },
  { field: 'status', headerName: 'Status', width: 115, filterable: false, ...cell((t) => <TransactionStatusChip status={t.status} />) },
  {
    field: 'paymentStatus',
    headerName: 'Payment status',
    width: 125,
    sortable: false,
    filterable: false,
    ...cell((t) => <TransactionPaymentStatusChip status={t.paymentStatus} />),
  },
  { field: 'paymentDate', headerName: 'Date', width: 140, filterable: false, valueFormatter: (_v, t) => when(t) },
  {
    field: 'reference',
    headerName: 'Reference',
    flex: 1,
    minWidth: 130,
    sortable: false,
    filterable: false,
    // The keyboard's way to a payment's page (the row click is the mouse's).
    ...cell((t) =>
      hasPage(t) ? (
        <Link
          component={RouterLink}
          to={transactionPath(t.id)}
          onClick={(e) => e.stopPropagation()}
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {t.reference}
        </Link>
      ) : (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {t.reference}
        </Typography>
      ),
    ),
  },
];

/** /app.admin/transactions — payments, refunds and payouts, filtered and paged on the server. */
export default function TransactionList() {
  const redirect = useRedirect();
  return (
    <GridList<AdminTransaction>
      label="Transactions"
      perPage={25}
      errorTitle="Failed to fetch transactions"
      emptyText={EMPTY_TEXT}
      emptyHint={EMPTY_HINT}
      columns={columns}
      onRowClick={(t) => hasPage(t) && redirect(transactionPath(t.id))}
      header={<TransactionFilters />}
      card={transactionCard}
      footer={<ShowingCount />}
    />
  );
}
