import type { Payout, PayoutStatus, Refund, RefundStatus } from '@kasuwa/contracts';

/** A payout row as the API shows it (kobo as a string). */
export function payoutView(row: object): Payout {
  const p = row as Record<string, unknown>;
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: Number(p.id),
    userId: Number(p.user_id),
    reference: String(p.reference),
    amount: String(p.amount_kobo),
    status: String(p.status) as PayoutStatus,
    transferCode: (p.transfer_code as string) ?? null,
    message: (p.message as string) ?? null,
    createdAt: iso(p.created_at),
    settledAt: iso(p.settled_at),
  };
}

/** A refund row as the API shows it (kobo as a string). */
export function refundView(r: Record<string, unknown>): Refund {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: Number(r.id),
    orderId: (r.order_id as number) ?? null,
    orderNumber: (r.order_number as string) ?? null,
    paymentReference: String(r.payment_reference),
    amount: String(r.amount_kobo),
    status: String(r.status) as RefundStatus,
    reason: String(r.reason),
    message: (r.message as string) ?? null,
    createdAt: iso(r.created_at),
    settledAt: iso(r.settled_at),
  };
}
