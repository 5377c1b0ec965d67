import { formatDateTime, type Order } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import type { OrderRole } from './orderFormat';

/**
 * The order's money clock in one sentence for the person looking (the server's dates, in Lagos time): the ship-by
 * deadline while the seller has still to ship, the release date while Kasuwa holds the money, the payment once made.
 */
export function orderClockText(order: Order, role: OrderRole): { text: string; severity: 'info' | 'warning' | 'success' } | null {
  if (order.releasedAt) {
    return {
      text:
        role === 'buyer'
          ? `Kasuwa paid the seller on ${formatDateTime(order.releasedAt)}.`
          : `Kasuwa paid you for this order on ${formatDateTime(order.releasedAt)}.`,
      severity: 'success',
    };
  }
  // Delivered, or on its way with seller delivery: its release date runs from shipment (shipped + the option's days).
  if (order.releaseAt && ['shipped', 'on_the_way', 'delivered'].includes(order.status)) {
    const when = formatDateTime(order.releaseAt);
    return role === 'buyer'
      ? { text: `Kasuwa pays the seller on ${when} unless you report a problem.`, severity: 'info' }
      : { text: `Kasuwa pays you on ${when} unless the buyer reports a problem.`, severity: 'info' };
  }
  if (order.shipBy) {
    const when = formatDateTime(order.shipBy);
    return role === 'buyer'
      ? { text: `If the seller has not shipped by ${when}, Kasuwa cancels the order and refunds you in full.`, severity: 'info' }
      : {
          text: `Ship by ${when}. If the order is not marked shipped by then, Kasuwa cancels it and refunds the buyer in full.`,
          severity: 'warning',
        };
  }
  return null;
}

export function OrderClockNotice({ order, role }: { order: Order; role: OrderRole }) {
  const notice = orderClockText(order, role);
  if (!notice) return null;
  return (
    <Alert severity={notice.severity} data-testid="order-clock">
      {notice.text}
    </Alert>
  );
}
