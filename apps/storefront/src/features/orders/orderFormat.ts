import { titleCase } from '../catalog/format';
import {
  ORDER_ROLE_OPTIONS,
  ORDER_PAYMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderActorKind,
  type OrderPaymentStatus,
  type OrderStatus,
} from '@kasuwa/contracts';

export type OrderRole = 'buyer' | 'seller';

export const isOrderRole = (v: unknown): v is OrderRole => v === 'buyer' || v === 'seller';

/** A status the server may send that this build does not know still gets a readable label. */
export function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? humanise(status);
}

export function paymentLabel(status: string): string {
  return ORDER_PAYMENT_STATUS_LABELS[status as OrderPaymentStatus] ?? humanise(status);
}

/**
 * The order's payment as a person reads it: a refund due says where the refund is (on its way, refunded), never
 * "Refund due" once the money went back.
 */
export function orderPaymentText(order: Pick<Order, 'paymentStatus' | 'refundState'> & Partial<Pick<Order, 'deliveryMethod'>>): {
  label: string;
  tone: Tone;
} {
  // Pay on delivery: nothing is paid online; the cash is due at the door.
  if (order.deliveryMethod === 'pay_on_delivery' && order.paymentStatus === 'pending') return { label: 'Cash on delivery', tone: 'info' };
  if (order.paymentStatus === 'refund_due' && order.refundState === 'refunded') return { label: 'Refunded', tone: 'success' };
  if (order.paymentStatus === 'refund_due' && order.refundState === 'on_its_way') return { label: 'Refund on its way', tone: 'info' };
  if (order.paymentStatus === 'refund_due' && order.refundState === 'needs_account')
    return { label: 'Refund waiting for a bank account', tone: 'warning' };
  return { label: paymentLabel(order.paymentStatus), tone: statusTone(order.paymentStatus) };
}

/** The order's delivery days (spec: "N/A" when missing, i.e. until the seller marks it delivered). */
export function deliveryDaysText(days: number | null | undefined): string {
  if (days === null || days === undefined) return 'N/A';
  if (days === 0) return 'Same day';
  return days === 1 ? '1 day' : `${days} days`;
}

function humanise(value: string): string {
  const text = String(value ?? '')
    .replace(/_/g, ' ')
    .trim();
  return text ? text[0].toUpperCase() + text.slice(1) : 'Unknown';
}

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

export function statusTone(status: string): Tone {
  switch (status) {
    case 'paid':
    case 'delivered':
    case 'received_by_buyer':
    case 'completed':
      return 'success';
    case 'pending':
    case 'need_refund':
    case 'refund_due':
      return 'warning';
    case 'rejected_by_seller':
    case 'rejected_by_buyer':
    case 'cancelled_by_buyer':
    case 'cancelled':
    case 'expired':
      return 'error';
    case 'processing':
    case 'accepted_by_seller':
    case 'shipped':
    case 'on_the_way':
      return 'info';
    default:
      return 'neutral';
  }
}

/** Statuses that end the order badly: a confirmation first, and no progress tracker (the product screen rules). */
export const NEGATIVE_STATUSES: readonly OrderStatus[] = [
  'rejected_by_seller',
  'rejected_by_buyer',
  'cancelled_by_buyer',
  'cancelled',
  'need_refund',
];

/**
 * Progress tracker steps (the product screen rules): the role's option list without the statuses that end an order
 * badly. The tracker shows only while the order's status is one of these steps.
 */
export function trackerSteps(role: OrderRole): OrderStatus[] {
  return ORDER_ROLE_OPTIONS[role].filter((s) => !NEGATIVE_STATUSES.includes(s));
}

/** "Tubers of yam ×2 + 1 more" for a table cell. */
export function itemsSummary(order: Order): string {
  const items = order.orderItems ?? [];
  if (!items.length) return '—';
  const [first] = items;
  const head = `${productTitle(first.product?.productName)} ×${first.quantity}`;
  return items.length > 1 ? `${head} + ${items.length - 1} more` : head;
}

/** The product constants: product names display in title case. */
export function productTitle(name: string | null | undefined): string {
  return name ? titleCase(name) : 'Item';
}

/** Who made a change, for the Order Timeline ("By the seller", "By you"...). */
export function actorText(kind: OrderActorKind, viewer: OrderRole | null): string {
  switch (kind) {
    case 'buyer':
      return viewer === 'buyer' ? 'By you' : 'By the buyer';
    case 'seller':
      return viewer === 'seller' ? 'By you' : 'By the seller';
    case 'admin':
      return 'By Kasuwa support';
    case 'payment':
      return 'Payment confirmed';
    default:
      return 'Automatically';
  }
}
