import type { Payout, PayoutStatus, Refund, RefundRequest, RefundRequestStatus, RefundStatus } from '@kasuwa/contracts';

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** What a payout and a refund share: both are money sent through Paystack, with its answer and when it settled. */
const sentMoney = (r: Record<string, unknown>) => ({
  id: Number(r.id),
  amount: String(r.amount_kobo),
  message: (r.message as string) ?? null,
  createdAt: iso(r.created_at),
  settledAt: iso(r.settled_at),
});

/** A payout row as the API shows it (kobo as a string). */
export function payoutView(row: object): Payout {
  const p = row as Record<string, unknown>;
  return {
    ...sentMoney(p),
    userId: Number(p.user_id),
    reference: String(p.reference),
    status: String(p.status) as PayoutStatus,
    transferCode: (p.transfer_code as string) ?? null,
    retriedAs: (p.retried_as as number) ?? null,
  };
}

/** A refund row as the API shows it (kobo as a string). */
export function refundView(r: Record<string, unknown>): Refund {
  return {
    ...sentMoney(r),
    orderId: (r.order_id as number) ?? null,
    orderNumber: (r.order_number as string) ?? null,
    paymentReference: String(r.payment_reference),
    reference: String(r.reference),
    status: String(r.status) as RefundStatus,
    retriedAs: (r.retried_as as number) ?? null,
    reason: String(r.reason),
  };
}

/** A refund request row (joined with its order, escrow balance and refund) as the back office shows it. */
export function refundRequestView(r: Record<string, unknown>): RefundRequest {
  return {
    id: Number(r.id),
    orderId: Number(r.order_id),
    orderNumber: String(r.order_number),
    orderStatus: String(r.order_status),
    buyerId: Number(r.buyer_id),
    status: String(r.status) as RefundRequestStatus,
    reason: (r.reason as string) ?? null,
    orderTotal: String(r.total_kobo),
    held: String(r.held),
    decisionReason: (r.decision_reason as string) ?? null,
    decidedAt: iso(r.decided_at),
    refundId: (r.refund_id as number) ?? null,
    refundStatus: (r.refund_status as RefundStatus) ?? null,
    createdAt: iso(r.created_at)!,
  };
}
