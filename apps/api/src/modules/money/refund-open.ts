import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { RefundRow } from '../../database/rows.generated';
import { AccountRef, LedgerService, REFUNDS_IN_TRANSIT } from './ledger.service';

/**
 * Kasuwa's reference for one refund: made before Paystack is called and sent first in the merchant note, so a refund
 * whose answer was lost can be found in Paystack's list instead of being sent again. Paystack's refund has no
 * idempotency key; this reference is how Kasuwa makes it one.
 */
export const newRefundReference = (): string => `ksw_rf_${randomBytes(10).toString('hex')}`;

/** Finds Kasuwa's refund reference in a merchant note (legacy rows are named `ksw_rf_<id>_legacy`). */
export const refundReferenceIn = (note: unknown): string | null =>
  typeof note === 'string' ? (/\bksw_rf_[a-z0-9_]+/.exec(note)?.[0] ?? null) : null;

/**
 * Records a refund to send (status `queued`, its reference stored) and moves its money from `from` (an order's escrow,
 * or unapplied payments) to refunds in transit, in the caller's transaction. The call to Paystack is made after commit.
 */
export async function openRefund(
  em: EntityManager,
  ledger: LedgerService,
  input: { orderId: number | null; paymentReference: string; amount: number; reason: string; from: AccountRef; memo?: string },
): Promise<number> {
  const [r] = await em.query<Pick<RefundRow, 'id'>[]>(
    `INSERT INTO refund (order_id, payment_reference, amount_kobo, reason, reference) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.orderId, input.paymentReference, input.amount, input.reason, newRefundReference()],
  );
  await ledger.post(em, { kind: 'refund', ref: `refund:${r.id}`, orderId: input.orderId, memo: input.memo ?? input.reason }, [
    [input.from, -input.amount],
    [REFUNDS_IN_TRANSIT, input.amount],
  ]);
  return r.id;
}
