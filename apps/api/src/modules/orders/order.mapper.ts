import {
  allowedNext,
  koboToNaira,
  trackingUrlFor,
  PRE_SHIPMENT_STATUSES,
  type Order,
  type OrderChangeRole,
  type OrderHistoryEntry,
  type OrderItem,
} from '@kasuwa/contracts';
import { fullNameOf } from '../users/entities/user.entity';

/**
 * Delivery days: whole days from payment (or the order, if unpaid) to the seller marking it delivered; null (shown
 * as the product's "N/A") until then. A value stored on the order wins.
 */
/** The order's refunds in one word (OrderRefundState): any still open wins, then any that reached the buyer. */
const REFUND_STATE = `(SELECT CASE WHEN bool_or(r.status = 'needs_attention') THEN 'needs_account' WHEN bool_or(r.status IN ('queued','sending','pending')) THEN 'on_its_way' WHEN bool_or(r.status = 'processed') THEN 'refunded'
  WHEN count(*) > 0 THEN 'failed' END FROM refund r WHERE r.order_id = o.id) AS refund_state`;

const DELIVERY_DAYS = `coalesce(o.delivery_days, floor(extract(epoch FROM o.delivered_at - coalesce(o.paid_at, o.created_at)) / 86400)::int) AS delivery_days`;

/** Columns of one order row with its buyer (`b`) and seller (`s`); use with ORDER_FROM. */
export const ORDER_COLUMNS = `
  o.id, o.order_number, o.checkout_session_id, o.status, o.payment_status, o.total_kobo, o.currency, ${DELIVERY_DAYS},
  o.delivery_method, o.delivery_zone, o.delivery_fee_kobo, coalesce(o.shipped_at, o.paid_at, CASE WHEN o.delivery_method = 'pay_on_delivery' THEN o.created_at END) + make_interval(days => o.delivery_days) AS expected_delivery_at,
  o.created_at, o.updated_at, o.paid_at, ${REFUND_STATE}, o.ship_by_at, o.release_at, o.released_at, o.shipping_address, o.receiver_phone_number, o.delivery_region,
  o.carrier, o.carrier_name, o.tracking_number, o.cash_received_at, o.delivery_refused_at,
  o.buyer_id, b.first_name AS buyer_first_name, b.last_name AS buyer_last_name, b.email AS buyer_email,
  o.seller_id, s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.email AS seller_email`;
export const ORDER_FROM = `"order" o JOIN app_user b ON b.id = o.buyer_id JOIN app_user s ON s.id = o.seller_id`;

export interface OrderRow {
  id: number;
  order_number: string;
  checkout_session_id: number;
  status: Order['status'];
  payment_status: Order['paymentStatus'];
  total_kobo: string;
  currency: 'NGN';
  delivery_days: number | null;
  delivery_method: Order['deliveryMethod'];
  delivery_zone: Order['deliveryZone'];
  delivery_fee_kobo: string;
  /** Payment (pay on delivery: its placing) + the chosen option's days, shipment + the days once shipped (null unpaid, for pickup and for older orders). */
  expected_delivery_at: Date | null;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  refund_state: Order['refundState'];
  ship_by_at: Date | null;
  release_at: Date | null;
  released_at: Date | null;
  shipping_address: string;
  receiver_phone_number: string;
  delivery_region: string;
  carrier: Order['carrier'];
  carrier_name: string | null;
  tracking_number: string | null;
  cash_received_at: Date | null;
  delivery_refused_at: Date | null;
  buyer_id: number;
  buyer_first_name: string | null;
  buyer_last_name: string | null;
  buyer_email: string;
  seller_id: number;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_email: string;
}

export interface OrderItemRow {
  id: number;
  order_id: number;
  product_id: number | null;
  quantity: number;
  price_kobo: string;
  currency: 'NGN';
  product_name: string;
  product_description: string;
  images: { imageUrl: string; thumbnailUrl: string }[] | null;
}

export interface HistoryRow {
  id: number;
  order_id: number;
  from_status: OrderHistoryEntry['fromStatus'];
  to_status: OrderHistoryEntry['status'];
  actor_kind: OrderHistoryEntry['actorKind'];
  actor_id: number | null;
  reason: string | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Row + items + history → the product data model Order, with what `viewer` may do next. */
export function toOrder(r: OrderRow, items: OrderItemRow[], history: HistoryRow[], viewer: OrderChangeRole | null): Order {
  const seller = {
    id: r.seller_id,
    fullName: fullNameOf({ firstName: r.seller_first_name, lastName: r.seller_last_name, email: r.seller_email }),
    email: r.seller_email,
  };
  return {
    id: r.id,
    orderNumber: r.order_number,
    checkoutSessionId: r.checkout_session_id,
    status: r.status,
    paymentStatus: r.payment_status,
    totalAmount: koboToNaira(Number(r.total_kobo)),
    currency: r.currency,
    deliveryDays: r.delivery_days,
    deliveryMethod: r.delivery_method,
    deliveryZone: r.delivery_zone,
    deliveryFee: koboToNaira(Number(r.delivery_fee_kobo)),
    expectedDeliveryDate: r.delivery_method ? iso(r.expected_delivery_at) : null,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    paidAt: iso(r.paid_at),
    refundState: r.refund_state ?? null,
    // The ship-by deadline matters only while the seller has still to ship.
    shipBy: r.paid_at && PRE_SHIPMENT_STATUSES.includes(r.status) ? iso(r.ship_by_at) : null,
    releaseAt: iso(r.release_at),
    releasedAt: iso(r.released_at),
    shippingAddress: r.shipping_address,
    receiverPhoneNumber: r.receiver_phone_number,
    deliveryRegion: r.delivery_region,
    carrier: r.carrier,
    carrierName: r.carrier_name,
    trackingNumber: r.tracking_number,
    trackingUrl: trackingUrlFor(r.carrier, r.tracking_number),
    cashReceivedAt: iso(r.cash_received_at),
    deliveryRefusedAt: iso(r.delivery_refused_at),
    user: {
      id: r.buyer_id,
      firstName: r.buyer_first_name,
      lastName: r.buyer_last_name,
      fullName: fullNameOf({ firstName: r.buyer_first_name, lastName: r.buyer_last_name, email: r.buyer_email }),
      email: r.buyer_email,
    },
    seller,
    orderItems: items.map((i): OrderItem => ({
      id: i.id,
      quantity: i.quantity,
      priceAtTime: koboToNaira(Number(i.price_kobo)),
      currency: i.currency,
      product: {
        id: i.product_id,
        productName: i.product_name,
        productDescription: i.product_description,
        productImages: (i.images ?? []).map(({ imageUrl, thumbnailUrl }) => ({ imageUrl, thumbnailUrl })),
        user: seller,
      },
    })),
    history: history.map((h) => ({
      id: h.id,
      status: h.to_status,
      fromStatus: h.from_status,
      actorKind: h.actor_kind,
      actorId: h.actor_id,
      reason: h.reason,
      createdAt: iso(h.created_at)!,
    })),
    viewerRole: viewer,
    allowedNext: viewer
      ? allowedNext(viewer, r.status, { paid: Boolean(r.paid_at), cashOnDelivery: r.delivery_method === 'pay_on_delivery' })
      : [],
  };
}
