/** Buying: cart, checkout, orders, payments, transactions and the admin dashboard (docs/order-lifecycle.md, docs/money.md). */
import type { Product } from './catalog';
import { labelsOf } from './labels';
import type { DeliveryMethod, DeliveryZone } from './delivery';

// ---------------------------------------------------------------- order statuses and who may change them

/** Every order status (the product screen rules, the union of all screens). */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'processing',
  'accepted_by_seller',
  'rejected_by_seller',
  'shipped',
  'on_the_way',
  'delivered',
  'received_by_buyer',
  'rejected_by_buyer',
  'cancelled_by_buyer',
  'need_refund',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How both front ends name an order status: its words, but for these. */
export const ORDER_STATUS_LABELS = /*#__PURE__*/ labelsOf(ORDER_STATUSES, {
  accepted_by_seller: 'Accepted',
  rejected_by_seller: 'Rejected',
  received_by_buyer: 'Received',
  rejected_by_buyer: 'Rejected',
  cancelled_by_buyer: 'Cancelled',
  need_refund: 'Refunded',
});

/** Who changes an order. `payment` and `system` are never a person (Paystack settlement, checkout expiry). */
export type OrderActorKind = 'buyer' | 'seller' | 'admin' | 'payment' | 'system';
/** The roles that may call `PATCH /orders/{id}/update/status` (derived from the caller, never from the body). */
export type OrderChangeRole = 'buyer' | 'seller' | 'admin';

export interface OrderTransitionRule {
  role: OrderActorKind;
  from: readonly OrderStatus[] | 'any';
  to: readonly OrderStatus[] | 'any';
  /** The rule applies only to an order that was paid (docs/order-lifecycle.md: "cancelled_by_buyer (after payment)"). */
  onlyIfPaid?: boolean;
}

/** docs/order-lifecycle.md "Order lifecycle", row by row. The server enforces exactly this; the UIs disable the rest. */
export const ORDER_TRANSITIONS: readonly OrderTransitionRule[] = [
  { role: 'payment', from: ['pending'], to: ['paid'] },
  { role: 'buyer', from: ['pending'], to: ['cancelled_by_buyer'] },
  {
    role: 'seller',
    from: ['paid', 'processing', 'accepted_by_seller'],
    to: ['accepted_by_seller', 'processing', 'rejected_by_seller', 'shipped'],
  },
  { role: 'buyer', from: ['paid', 'processing', 'accepted_by_seller'], to: ['cancelled_by_buyer'] },
  { role: 'seller', from: ['shipped'], to: ['on_the_way', 'delivered'] },
  { role: 'seller', from: ['on_the_way'], to: ['delivered'] },
  { role: 'buyer', from: ['shipped', 'on_the_way', 'delivered'], to: ['received_by_buyer', 'rejected_by_buyer'] },
  { role: 'buyer', from: ['received_by_buyer'], to: ['completed'] },
  { role: 'buyer', from: ['rejected_by_seller', 'rejected_by_buyer'], to: ['need_refund'] },
  { role: 'buyer', from: ['cancelled_by_buyer'], to: ['need_refund'], onlyIfPaid: true },
  // Not in the table because no person does it: an unpaid checkout that expires cancels its orders.
  { role: 'system', from: ['pending'], to: ['cancelled'] },
  { role: 'admin', from: 'any', to: 'any' },
];

/**
 * The statuses `role` may move an order to from `from`, in ORDER_STATUSES order (never `from` itself).
 * `paid` says whether the order was ever paid (its `paidAt` is set); it matters for cancelled_by_buyer → need_refund.
 */
export function allowedNext(
  role: OrderActorKind,
  from: OrderStatus,
  opts: { paid?: boolean; cashOnDelivery?: boolean } = {},
): OrderStatus[] {
  const next = new Set<OrderStatus>();
  for (const rule of ORDER_TRANSITIONS) {
    if (rule.role !== role) continue;
    if (rule.from !== 'any' && !rule.from.includes(from)) continue;
    if (rule.onlyIfPaid && !opts.paid) continue;
    for (const to of rule.to === 'any' ? ORDER_STATUSES : rule.to) next.add(to);
  }
  next.delete(from);
  // Pay on delivery ends at the door, by the seller's word (cash received, or refused): not by these statuses.
  if (opts.cashOnDelivery && role !== 'admin') for (const s of SETTLED_AT_THE_DOOR) next.delete(s);
  return ORDER_STATUSES.filter((s) => next.has(s));
}

/**
 * A pay-on-delivery order (no Paystack, no escrow) reaches these only through the seller's "Cash received" (→ completed)
 * or "Buyer refused delivery" (→ rejected_by_buyer), so buyers and sellers cannot set them by hand.
 */
export const SETTLED_AT_THE_DOOR: readonly OrderStatus[] = [
  'delivered',
  'received_by_buyer',
  'rejected_by_buyer',
  'completed',
  'need_refund',
];

/** Statuses before the goods leave the seller: cancelling or rejecting from here gives the stock back. */
export const PRE_SHIPMENT_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'processing', 'accepted_by_seller'];

/**
 * The dropdown options per role on the order-detail screen (the product screen rules lists, plus the seller's accept/processing
 * steps from the docs/order-lifecycle.md table). Options not in `allowedNext` are shown disabled.
 */
export const ORDER_ROLE_OPTIONS: Record<'buyer' | 'seller', readonly OrderStatus[]> = {
  seller: ['accepted_by_seller', 'processing', 'rejected_by_seller', 'shipped', 'on_the_way', 'delivered'],
  buyer: ['received_by_buyer', 'rejected_by_buyer', 'cancelled_by_buyer', 'completed', 'need_refund'],
};

/** Admin order-list status filters (the product constants); `cancelled` also matches `cancelled_by_buyer`. */
export const ADMIN_ORDER_FILTERS = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** An order's payment state. `refund_due`: paid, then cancelled/rejected/refund asked — money must go back. */
export const ORDER_PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'cancelled', 'refund_due'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** How both front ends name a payment state. */
export const ORDER_PAYMENT_STATUS_LABELS = /*#__PURE__*/ labelsOf(ORDER_PAYMENT_STATUSES);

// ---------------------------------------------------------------- cart

/** `POST /api/products/cart`. `mode: 'add'` (default) adds to the line; `'set'` sets it. A quantity ≤ 0 removes the line. */
export interface AddToCartRequest {
  products: { productID: number; quantity: number }[];
  mode?: 'add' | 'set';
}

export interface CartItem {
  id: number;
  productID: number;
  quantity: number;
  /** The catalogue's public product shape (live: price, stock and status as they are now). */
  product: Product;
  /**
   * Naira per unit this buyer pays at checkout now: the seller's accepted offer when there is one and it is below the
   * listed price, else the listed price. Checkout charges exactly this.
   */
  unitPrice: string;
  /** Where `unitPrice` came from: the listing, or the seller's accepted offer to this buyer. */
  priceSource: 'listing' | 'offer';
  /** `unitPrice` × `quantity`, naira. */
  lineTotal: string;
}

/** A line that could not be applied as asked (own listing, sold out, capped at stock...). */
export interface CartNotice {
  productID: number;
  message: string;
}

/** `GET /api/products/cart/items`, and the answer of every cart change (`notices` only on POST). */
export interface CartResponse {
  message?: string;
  /** `total`: Σ `lineTotal` in naira, what checkout will charge for these lines (before the delivery fee, paid on receipt). */
  data: { items: CartItem[]; total: string };
  notices?: CartNotice[];
}

// ---------------------------------------------------------------- checkout and payment

/** Nigerian mobile numbers: +234/234/0 then 7, 8 or 9, then 0 or 1, then 8 digits (spaces and dashes ignored). */
export const NIGERIAN_PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;
export const normalisePhone = (v: string) => v.replace(/[\s-]/g, '');

/** `POST /api/orders` */
export interface CreateOrderRequest {
  shippingAddress: string;
  receiverPhoneNumber: string;
  deliveryRegion: string;
  /** The structured address (docs/delivery.md: Delivery). Without them no delivery fee is computed, as before. */
  stateId?: number;
  lgaId?: number;
  landmark?: string | null;
  /** The method per seller id; a seller left out gets the cheapest option that reaches the address (never pay on delivery). */
  delivery?: Record<string, DeliveryMethod>;
}

/** `POST /api/orders` → 201 */
export interface CreateOrderResponse {
  message: string;
  data: {
    checkoutSessionId: number;
    reference: string;
    totalAmount: string;
    currency: 'NGN';
    expiresAt: string;
    /** `totalAmount`: what Paystack will charge ("0.00" when every order is paid on delivery: no payment to start). */
    orders: { id: number; orderNumber: string; totalAmount: string; payOnDelivery: boolean }[];
  };
}

/** `POST /api/payments/initialize` (`checkoutSessionId` is accepted too). */
export interface InitializePaymentRequest {
  checkoutSessionID: number;
}

/** `POST /api/payments/initialize` → 201. The browser goes to `data.transaction.metadata.data.authorization_url`. */
export interface InitializePaymentResponse {
  message: string;
  data: {
    transaction: {
      reference: string;
      amount: string;
      currency: 'NGN';
      checkoutSessionId: number;
      /** Paystack's initialize answer (or the built-in test checkout's, shaped the same). */
      metadata: { status: boolean; message: string; data: { authorization_url: string; access_code: string; reference: string } };
    };
  };
}

/** `GET /api/payments/verify?reference=` → `status` is 'success' once the payment is applied. */
export interface VerifyPaymentResponse {
  status: 'success' | 'pending' | 'failed' | 'abandoned' | 'refund_due';
  message: string;
  /** expiresAt: until when an unpaid checkout holds its items (a failed payment can be tried again until then). */
  data?: {
    reference: string;
    checkoutSessionId: number;
    orders: { id: number; orderNumber: string }[];
    expiresAt?: string;
    /** This payment did not go through, but its checkout was paid since by another: nothing to pay again. */
    checkoutPaid?: boolean;
  };
}

// ---------------------------------------------------------------- orders

export interface OrderBuyer {
  id: number;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  email: string;
}

export interface OrderSeller {
  id: number;
  fullName: string;
  email: string;
}

export interface OrderItem {
  id: number;
  quantity: number;
  /** Unit price when ordered, naira "15000.00". */
  priceAtTime: string;
  currency: 'NGN';
  product: {
    /** null when the listing was deleted since (the name and description are snapshots). */
    id: number | null;
    productName: string;
    productDescription: string;
    productImages: { imageUrl: string; thumbnailUrl: string }[];
    user: { id: number; fullName: string; email: string };
  };
}

export interface OrderHistoryEntry {
  id: number;
  status: OrderStatus;
  fromStatus: OrderStatus | null;
  actorKind: OrderActorKind;
  actorId: number | null;
  reason: string | null;
  createdAt: string;
}

/**
 * Where the order's refund is (null: none was started): `on_its_way` while Paystack has not finished it, `refunded`
 * once it reached the buyer, `needs_account` while Paystack waits for the buyer's bank account (bank transfer and USSD
 * payments), `failed` when it did not (support retries it). A `refund_due` order says this, not "Refund due".
 */
export const ORDER_REFUND_STATES = ['on_its_way', 'needs_account', 'refunded', 'failed'] as const;
export type OrderRefundState = (typeof ORDER_REFUND_STATES)[number];

/** One seller's part of a checkout (the product data model Order, plus seller, history and what the caller may do next). */
export interface Order {
  id: number;
  orderNumber: string;
  checkoutSessionId: number;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  /** Naira "15000.00": the goods plus the delivery fee (orders from before delivery options: goods only, the fee was paid on receipt). */
  totalAmount: string;
  currency: 'NGN';
  /** The chosen option's days (older orders: days from payment to delivery, once delivered). */
  deliveryDays: number | null;
  /** How the goods reach the buyer; null on orders from before delivery options. */
  deliveryMethod: DeliveryMethod | null;
  deliveryZone: DeliveryZone | null;
  /** Naira "1500.00", paid online with the goods and held with them ("0.00" for pickup and older orders). */
  deliveryFee: string;
  /** Payment (pay on delivery: placing) + the option's days, shipment + the days once shipped; null while unpaid or without days (pickup, older orders). */
  expectedDeliveryDate: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  refundState: OrderRefundState | null;
  /** A paid order not shipped by then is cancelled and refunded (SHIP_BY after payment); null once shipped or out of the flow. */
  shipBy: string | null;
  /**
   * When Kasuwa pays the seller unless the buyer reports a problem (delivery + RELEASE_AFTER; for seller delivery, from
   * shipment until it is delivered: shipped + the option's days + RELEASE_AFTER); null until then.
   */
  releaseAt: string | null;
  /** When the money went to the seller; null while held. */
  releasedAt: string | null;
  shippingAddress: string;
  receiverPhoneNumber: string;
  deliveryRegion: string;
  /** Who carries it once shipped (null: not said); `carrierName` only for `other`. */
  carrier: Carrier | null;
  carrierName: string | null;
  trackingNumber: string | null;
  /** The carrier's public tracking page for the number (CARRIER_TRACKING_URLS); null when there is none. */
  trackingUrl: string | null;
  /** Pay on delivery: when the seller confirmed the cash, or reported the goods refused at the door (null otherwise). */
  cashReceivedAt: string | null;
  deliveryRefusedAt: string | null;
  user: OrderBuyer;
  seller: OrderSeller;
  orderItems: OrderItem[];
  history: OrderHistoryEntry[];
  /** The caller's role for this order and the statuses it may set now (empty for lists of others' orders). */
  viewerRole: OrderChangeRole | null;
  allowedNext: OrderStatus[];
}

/** `PATCH /api/orders/{id}/update/status`. `paymentStatus` names the new ORDER status (spec); `status` is accepted too. */
export interface UpdateOrderStatusRequest {
  paymentStatus?: OrderStatus;
  status?: OrderStatus;
  /** Required for admins; kept in the history. */
  reason?: string;
  /** Ignored: the role comes from who calls. */
  role?: 'buyer' | 'seller';
  /** Only with the move to `shipped` (OrderTrackingRequest): who carries it and its tracking number. */
  carrier?: Carrier;
  trackingNumber?: string | null;
  carrierName?: string | null;
}

// ---------------------------------------------------------------- carriers and tracking numbers

/** Who carries a shipped order (Delivery the Nigerian way): the carriers Nigerian sellers use, their own rider, or another. */
export const CARRIERS = ['gig_logistics', 'dhl', 'kwik', 'sendbox', 'own_rider', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** How both front ends name a carrier. */
export const CARRIER_LABELS = /*#__PURE__*/ labelsOf(CARRIERS, { gig_logistics: 'GIG Logistics', dhl: 'DHL', own_rider: 'Own rider' });

/**
 * The carriers' public tracking pages, `{n}` standing for the URL-encoded tracking number: the one place they are
 * defined. A carrier gets a link only where its public page takes the number in the address (a query parameter);
 * GIG Logistics and Sendbox have public trackers, but no documented address that carries the number, so they link to
 * nothing rather than to a guess. Kwik, an own rider and other carriers have no public tracker.
 */
export const CARRIER_TRACKING_URLS: Record<Carrier, string | null> = {
  gig_logistics: null,
  dhl: 'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  kwik: null,
  sendbox: null,
  own_rider: null,
  other: null,
};

/** A tracking number once trimmed: 3–40 letters, digits, dashes or spaces. */
export const TRACKING_NUMBER = /^[A-Za-z0-9 -]{3,40}$/;
export const TRACKING_NUMBER_MESSAGE = 'Enter the tracking number as 3–40 letters, digits, dashes or spaces';
/** Carrier `other` may be named, in at most this many characters. */
export const CARRIER_NAME_MAX = 40;

/** The carrier's public tracking page for `trackingNumber`, or null when it has none (or there is no number). */
export function trackingUrlFor(carrier: Carrier | null, trackingNumber: string | null): string | null {
  const template = carrier ? CARRIER_TRACKING_URLS[carrier] : null;
  return template && trackingNumber ? template.replace('{n}', encodeURIComponent(trackingNumber)) : null;
}

/** The carrier as a person reads it: the seller's name for `other` when given. */
export function carrierText(order: Pick<Order, 'carrier' | 'carrierName'>): string | null {
  if (!order.carrier) return null;
  if (order.carrier === 'other') return order.carrierName || 'another carrier';
  if (order.carrier === 'own_rider') return 'the seller’s own rider';
  return CARRIER_LABELS[order.carrier];
}

/**
 * The carrier and tracking number a seller gives when marking an order shipped (in `PATCH /orders/{id}/update/status`),
 * and the whole of `PUT /api/orders/{id}/tracking` (the seller's correction while the order is shipped or on the way).
 * `trackingNumber` is optional; `carrierName` is read only for carrier `other`.
 */
export interface OrderTrackingRequest {
  carrier: Carrier;
  trackingNumber?: string | null;
  carrierName?: string | null;
}

// ---------------------------------------------------------------- handover code and confirming receipt

/** Wrong handover codes a seller may enter before the code locks (the buyer can still confirm receipt). */
export const HANDOVER_MAX_ATTEMPTS = 5;
/** A handover code: six digits. */
export const HANDOVER_CODE = /^\d{6}$/;

/**
 * `GET /api/orders/{id}/handover`: the order's handover code once it is shipped (`data` null before). Only its buyer
 * reads `code`; its seller sees the same answer with `code: null`.
 */
export interface OrderHandover {
  code: string | null;
  attemptsLeft: number;
  locked: boolean;
  /** When the seller entered the right code. */
  usedAt: string | null;
  createdAt: string;
}

/** `POST /api/orders/{id}/handover` (the order's seller): the buyer's six-digit code. */
export interface HandoverRequest {
  code: string;
}

// ---------------------------------------------------------------- transactions (admin)

/** status: Paystack's outcome; paymentStatus: what it did to the checkout. */
export const TRANSACTION_STATUSES = ['pending', 'successful', 'failed', 'reversed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'abandoned', 'refund_due'] as const;
export type TransactionPaymentStatus = (typeof TRANSACTION_PAYMENT_STATUSES)[number];

/**
 * What a transactions row is: a buyer's payment, a refund to a buyer, a payout to a seller's bank, or the cash a
 * seller confirmed for a pay-on-delivery order (`cash-<orderId>`, method `cash_on_delivery`: no provider moved it).
 */
export const TRANSACTION_TYPES = ['payment', 'refund', 'payout', 'cash'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface AdminTransaction {
  /** A payment's id (its detail page); refunds and payouts are `refund-<id>` / `payout-<id>`. */
  id: number | string;
  type: TransactionType;
  /** The payment's reference (a refund's is the payment it returns), or the payout's transfer reference. */
  reference: string;
  provider: 'paystack' | 'test' | 'cash';
  /** Paystack's channel: card, bank, ussd, bank_transfer, qr, mobile_money...; null until paid. */
  paymentMethod: string | null;
  amount: string;
  currency: string;
  status: TransactionStatus;
  paymentStatus: TransactionPaymentStatus;
  paymentDate: string | null;
  createdAt: string;
  /** Why a successful payment was not applied (expired checkout, amount mismatch...); a refund's reason; a payout's provider message. */
  reviewReason: string | null;
  /** null for payouts. */
  checkoutSessionId: number | null;
  orders: { id: number; orderNumber: string }[];
  user: { id: number; firstName: string | null; lastName: string | null; email: string };
}

/** `GET /api/inner/admin/transactions?search&status&type&page&limit` */
export interface AdminTransactionsResponse {
  data: { transactions: AdminTransaction[]; total: number; totalPages: number; currentPage: number };
}

/** `GET /api/inner/admin/orders?page&limit&status&search` */
export interface AdminOrdersResponse {
  data: { orders: Order[]; total: number; totalPages: number; currentPage: number };
}

/** `GET /api/inner/admin/dashboard/stats`. Money is naira "15000.00", computed from paid orders only. */
export interface DashboardStats {
  stats: {
    totalUsers: number;
    totalProducts: number;
    totalOrders: number;
    paidOrders: number;
    revenue: string;
    daily: string;
    weekly: string;
    monthly: string;
    /** Percent change against the previous window of the same length; null when that window had nothing. */
    trends: { daily: number | null; weekly: number | null; monthly: number | null };
    /** From the ledger, naira: what Kasuwa earned, what it holds for buyers, what is on its way out. */
    money: {
      /** Goods sold and paid for (same as revenue). */
      gmv: string;
      commissionEarned: string;
      commission: { daily: string; weekly: string; monthly: string };
      escrowHeld: string;
      payoutsPending: string;
      paidOut: string;
      refunded: string;
      refundsPending: string;
      /**
       * Pay on delivery, its own method: orders whose cash the sellers confirmed (in `paidOrders` and `gmv` too; the
       * cash never passed through Kasuwa), and the commission sellers still owe from such sales.
       */
      cashOnDelivery: { orders: number; amount: string; owedBySellers: string };
    };
  };
  recentData: { orders: Order[] };
}
