import type { Payout, PayoutStatus, Refund, RefundRequest, RefundRequestStatus, RefundStatus } from '@kasuwa/contracts';
import type { OrderRow, PayoutRow, RefundRequestRow, RefundRow } from '../../database/rows.generated';

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** What a payout and a refund share: both are money sent through Paystack, with its answer and when it settled. */
const sentMoney = (r: Pick<PayoutRow | RefundRow, 'id' | 'amount_kobo' | 'message' | 'created_at' | 'settled_at'>) => ({
  id: Number(r.id),
  amount: String(r.amount_kobo),
  message: (r.message as string) ?? null,
  createdAt: iso(r.created_at),
  settledAt: iso(r.settled_at),
});

/** A payout row as the API shows it (kobo as a string). */
export function payoutView(p: PayoutRow): Payout {
  return {
    ...sentMoney(p),
    userId: Number(p.user_id),
    reference: String(p.reference),
    status: String(p.status) as PayoutStatus,
    transferCode: (p.transfer_code as string) ?? null,
    retriedAs: (p.retried_as as number) ?? null,
  };
}

/** A refund row with its order's number (none for a payment that paid no order). */
export type RefundLine = RefundRow & { order_number: OrderRow['order_number'] | null };

/** A refund row as the API shows it (kobo as a string). */
export function refundView(r: RefundLine): Refund {
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

/** A refund request row joined with its order, escrow balance (`held`, bigint as text) and refund (RefundRequestsService). */
export type RefundRequestLine = RefundRequestRow &
  Pick<OrderRow, 'order_number' | 'total_kobo' | 'seller_id'> & {
    order_status: OrderRow['status'];
    refund_status: RefundRow['status'] | null;
    held: string;
  };

/** A refund request row (joined with its order, escrow balance and refund) as the back office shows it. */
export function refundRequestView(r: RefundRequestLine): RefundRequest {
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
