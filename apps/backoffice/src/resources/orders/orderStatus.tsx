import type { ChipProps } from '@mui/material';
import {
  ORDER_PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OrderActorKind,
  type OrderPaymentStatus,
  type OrderStatus,
} from '@kasuwa/contracts';
import { LabelledStatusChip } from '../../common/StatusChip';

/*
 * The storefront's labels (contracts), except where two statuses share one label there: an admin
 * must tell a seller's rejection from a buyer's, and a cancellation by the buyer from one by the system.
 */
const ADMIN_LABELS: Partial<Record<OrderStatus, string>> = {
  rejected_by_seller: 'Rejected by seller',
  rejected_by_buyer: 'Rejected by buyer',
  cancelled_by_buyer: 'Cancelled by buyer',
};

export const orderStatusLabel = (status: string): string =>
  ADMIN_LABELS[status as OrderStatus] ?? ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

// Only colours with at least 4.5:1 on the paper (theme.ts): no MUI "info".
const STATUS_COLOURS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  paid: 'primary',
  processing: 'primary',
  accepted_by_seller: 'primary',
  rejected_by_seller: 'error',
  shipped: 'primary',
  on_the_way: 'primary',
  delivered: 'success',
  received_by_buyer: 'success',
  rejected_by_buyer: 'error',
  cancelled_by_buyer: 'error',
  need_refund: 'warning',
  completed: 'success',
  cancelled: 'default',
};

const PAYMENT_COLOURS: Record<OrderPaymentStatus, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  expired: 'default',
  cancelled: 'default',
  refund_due: 'error',
};

export const paymentStatusLabel = (status: string): string => ORDER_PAYMENT_STATUS_LABELS[status as OrderPaymentStatus] ?? status;

/** An order's status; the text carries the meaning, the colour only helps. */
export const OrderStatusChip = ({ status }: { status: string | null | undefined }) => (
  <LabelledStatusChip status={status} label={orderStatusLabel} colours={STATUS_COLOURS} />
);

/** What the payment did for the order (paid, refund due...). */
export const PaymentStatusChip = ({ status }: { status: string | null | undefined }) => (
  <LabelledStatusChip status={status} label={paymentStatusLabel} colours={PAYMENT_COLOURS} />
);

/** Who made a timeline entry, in words. */
export const actorLabel: Record<OrderActorKind, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
  payment: 'Payment',
  system: 'System',
};
