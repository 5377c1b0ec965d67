import type { Dispute, Order, Payout, RefundRequest } from '@kasuwa/contracts';

/** Rows several screens' tests list: one of each, as the API answers them (spread and override what a test varies). */

/** An open dispute on order ORD-12, not yet answered or decided. */
export const openDispute: Dispute = {
  id: 4,
  orderId: 12,
  orderNumber: 'ORD-12',
  buyerId: 2,
  sellerId: 7,
  reason: 'not_as_described',
  text: 'The shoes are size 40, not 42.',
  photos: [],
  status: 'open',
  sellerReply: null,
  repliedAt: null,
  decision: null,
  decisionAmount: null,
  decisionReason: null,
  decidedAt: null,
  orderTotal: '3800000',
  createdAt: '2026-11-27T13:05:00.000Z',
};

/** A failed payout to seller 7: the one an admin may retry. */
export const failedPayout: Payout = {
  id: 3,
  userId: 7,
  reference: 'PO-3',
  amount: '-3800000',
  status: 'failed',
  transferCode: null,
  retriedAs: null,
  message: null,
  createdAt: '2026-11-27T13:05:00.000Z',
  settledAt: null,
};

/** What every refund request below shares: an order the buyer rejected, not yet refunded. */
export const refundRequestBase = {
  orderStatus: 'rejected_by_buyer',
  buyerId: 2,
  orderTotal: '900000',
  decisionReason: null,
  decidedAt: null,
  refundId: null,
  refundStatus: null,
  createdAt: '2026-11-20T10:00:00.000Z',
} satisfies Partial<RefundRequest>;

/** A request waiting for a decision on order ORD-12. */
export const waitingRefundRequest: RefundRequest = {
  ...refundRequestBase,
  id: 2,
  orderId: 12,
  orderNumber: 'ORD-12',
  status: 'requested',
  reason: 'Wrong colour',
  held: '900000',
};

const person = (id: number, fullName: string, email: string) => ({ id, fullName, email });

/** A shipped, paid order with DHL tracking; its seller has no name, only an email. */
export const shippedOrder = {
  id: 7,
  orderNumber: 'ORD-7',
  status: 'shipped',
  paymentStatus: 'paid',
  totalAmount: '1250000',
  currency: 'NGN',
  createdAt: '2026-11-20T10:00:00.000Z',
  user: person(2, 'Ada Obi', 'ada@kasuwa.test'),
  seller: person(3, '', 'musa@kasuwa.test'),
  carrier: 'dhl',
  carrierName: null,
  trackingNumber: '1029384756',
  trackingUrl: 'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=1029384756',
} as unknown as Order;
