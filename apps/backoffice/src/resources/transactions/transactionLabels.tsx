import { Chip, type ChipProps } from '@mui/material';
import type { TransactionType } from '@kasuwa/contracts';
import { LabelledStatusChip } from '../../common/StatusChip';

/*
 * The product screen rules: transaction statuses display as Completed, Pending, Failed, Processing or Successful,
 * and anything unknown as Pending. `reversed` is a status of our own API (Paystack reversals):
 * showing a reversed payment as "Pending" would mislead, so it keeps its own label.
 */
const STATUS_LABELS: Record<string, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  processing: 'Processing',
  successful: 'Successful',
  success: 'Successful',
  reversed: 'Reversed',
};

const STATUS_COLOURS: Record<string, ChipProps['color']> = {
  Completed: 'success',
  Successful: 'success',
  Pending: 'warning',
  Processing: 'primary',
  Failed: 'error',
  Reversed: 'default',
};

export const transactionStatusLabel = (status: string | null | undefined): string =>
  STATUS_LABELS[
    String(status ?? '')
      .trim()
      .toLowerCase()
  ] ?? 'Pending';

/** The product screen rules: Transfer, Bank, USSD, Card, and Cash on delivery; anything unknown is Transfer. No method yet (unpaid) shows a dash. */
const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank',
  ussd: 'USSD',
  transfer: 'Transfer',
  bank_transfer: 'Transfer',
  // Pay on delivery: the buyer paid the seller in cash at the door (docs/delivery.md: Delivery).
  cash_on_delivery: 'Cash on delivery',
};

export const NO_METHOD = '—';

export const paymentMethodLabel = (method: string | null | undefined): string =>
  method ? (METHOD_LABELS[method.trim().toLowerCase()] ?? 'Transfer') : NO_METHOD;

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  abandoned: 'Abandoned',
  refund_due: 'Refund due',
};

const PAYMENT_STATUS_COLOURS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  failed: 'error',
  abandoned: 'default',
  refund_due: 'error',
};

/** What the payment did to the checkout (applied → paid, refund due...). */
export const transactionPaymentStatusLabel = (status: string): string => PAYMENT_STATUS_LABELS[status] ?? status;

export function TransactionStatusChip({ status }: { status: string | null | undefined }) {
  const label = transactionStatusLabel(status);
  return <Chip size="small" variant="outlined" color={STATUS_COLOURS[label] ?? 'default'} label={label} />;
}

export const TransactionPaymentStatusChip = ({ status }: { status: string | null | undefined }) => (
  <LabelledStatusChip status={status} label={transactionPaymentStatusLabel} colours={PAYMENT_STATUS_COLOURS} />
);

/** Filter choices, sent to the server as they are (it also accepts the product's labels). */
export const STATUS_FILTER_CHOICES = [
  { id: 'successful', name: 'Successful' },
  { id: 'pending', name: 'Pending' },
  { id: 'failed', name: 'Failed' },
  { id: 'reversed', name: 'Reversed' },
  { id: 'refund_due', name: 'Refund due' },
];

/**
 * The one Type filter (the API's `type`): what moved — a buyer's payment, a refund, a seller's payout — or,
 * for payments, the product's payment-method types.
 */
export const TYPE_FILTER_CHOICES = [
  { id: 'payment', name: 'Payments' },
  { id: 'refund', name: 'Refunds' },
  { id: 'payout', name: 'Payouts' },
  { id: 'cash', name: 'Cash on delivery' },
  { id: 'card', name: 'Card payments' },
  { id: 'bank', name: 'Bank payments' },
  { id: 'ussd', name: 'USSD payments' },
  { id: 'transfer', name: 'Transfer payments' },
];

const TYPE_LABELS: Record<TransactionType, string> = { payment: 'Payment', refund: 'Refund', payout: 'Payout', cash: 'Cash on delivery' };

export const transactionTypeLabel = (type: TransactionType): string => TYPE_LABELS[type] ?? 'Payment';

/** "Bisi Adeyemi", else the email. */
export const customerName = (user: { firstName: string | null; lastName: string | null; email: string }): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
