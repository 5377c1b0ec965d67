import type { MouseEvent } from 'react';
import { Link } from '@mui/material';
import { CARRIER_LABELS, type Order } from '@kasuwa/contracts';

/** Tracking on shipped orders: the carrier as the seller named it (`other`'s own name), or "—" when not said. */
export const carrierCell = (o: Pick<Order, 'carrier' | 'carrierName'>): string =>
  !o.carrier ? '—' : o.carrier === 'other' && o.carrierName ? o.carrierName : CARRIER_LABELS[o.carrier];

/** The tracking number, a link to the carrier's own tracking page (a new tab) where there is one. */
export function TrackingNumber({ order }: { order: Pick<Order, 'trackingNumber' | 'trackingUrl' | 'orderNumber'> }) {
  if (!order.trackingNumber) return <>—</>;
  if (!order.trackingUrl) return <>{order.trackingNumber}</>;
  return (
    <Link
      href={order.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event: MouseEvent) => event.stopPropagation()}
      aria-label={`Tracking number ${order.trackingNumber} of order ${order.orderNumber} (opens the carrier’s page in a new tab)`}
    >
      {order.trackingNumber}
    </Link>
  );
}
