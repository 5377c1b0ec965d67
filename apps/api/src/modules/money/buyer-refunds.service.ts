import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BuyerRefund, BuyerRefundStatus } from '@kasuwa/contracts';
import { conflict, notFound } from '../../common/errors';
import type { OrderRow, RefundRow } from '../../database/rows.generated';
import { PayoutAccountService } from './payout-account.service';
import { RefundsService } from './refunds.service';

/** A refund row: its status one the refunds write, its customer_account the account the buyer gave (giveAccount). */
type BuyerRefundRow = Omit<RefundRow, 'status' | 'customer_account'> & {
  status: BuyerRefundStatus;
  customer_account: { bankName: string; accountNumber: string; accountName: string } | null;
};

const ORDER_NOT_FOUND = 'Order not found';

/**
 * The buyer's side of refunds (rule "refunds for every channel"): what became of the refunds of their order, and the
 * bank account for one Paystack cannot send back alone (needs-attention). The account is picked from Paystack's bank
 * list and resolved to the holder's name like a payout account (same lookup, same limits); the refund is then queued
 * with it and sent once through the refunds' claim.
 */
@Injectable()
export class BuyerRefundsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: PayoutAccountService,
    private readonly refunds: RefundsService,
  ) {}

  /** The order's refunds, newest first; only its buyer sees them (anyone else: the order does not exist). */
  async forOrder(buyerId: number, orderId: number): Promise<BuyerRefund[]> {
    await this.ownOrder(buyerId, orderId);
    const rows = await this.db.query<BuyerRefundRow[]>(`SELECT * FROM refund WHERE order_id = $1 AND retried_as IS NULL ORDER BY id DESC`, [
      orderId,
    ]);
    return rows.map(view);
  }

  /** Gives the bank account for the order's needs-attention refund: 409 REFUND_NEEDS_NO_ACCOUNT when none waits for one. */
  async giveAccount(buyerId: number, orderId: number, bankCode: string, accountNumber: string): Promise<BuyerRefund> {
    await this.ownOrder(buyerId, orderId);
    const waiting = async () =>
      (
        await this.db.query<Pick<RefundRow, 'id'>[]>(
          `SELECT id FROM refund WHERE order_id = $1 AND status = 'needs_attention' ORDER BY id DESC LIMIT 1`,
          [orderId],
        )
      )[0];
    if (!(await waiting())) throw noneWaiting();
    // Resolved on the server (a name from the client is never trusted), before the row is locked: a bank call is slow.
    const { bankName, accountName } = await this.accounts.resolve(bankCode, accountNumber);
    const id = await this.db.transaction(async (em) => {
      // Locked and checked again: of two submissions only one queues the retry; the other finds it no longer waiting.
      const [r] = await em.query<Pick<RefundRow, 'id'>[]>(
        `SELECT id FROM refund WHERE order_id = $1 AND status = 'needs_attention' ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [orderId],
      );
      if (!r) throw noneWaiting();
      await em.query(`UPDATE refund SET status = 'queued', customer_account = $2, message = NULL, updated_at = now() WHERE id = $1`, [
        r.id,
        JSON.stringify({ bankCode, bankName, accountNumber, accountName }),
      ]);
      return r.id as number;
    });
    await this.refunds.send([id]);
    const [row] = await this.db.query<BuyerRefundRow[]>(`SELECT * FROM refund WHERE id = $1`, [id]);
    return view(row);
  }

  private async ownOrder(buyerId: number, orderId: number): Promise<void> {
    const [o] = await this.db.query<Pick<OrderRow, 'buyer_id'>[]>(`SELECT buyer_id FROM "order" WHERE id = $1`, [orderId]);
    if (!o || o.buyer_id !== buyerId) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  }
}

const noneWaiting = () => conflict('REFUND_NEEDS_NO_ACCOUNT', 'No refund of this order is waiting for a bank account.');

function view(r: BuyerRefundRow): BuyerRefund {
  const a = r.customer_account;
  return {
    id: r.id,
    amount: String(r.amount_kobo),
    status: r.status,
    needsAccount: r.status === 'needs_attention',
    account: a ? { bankName: a.bankName, accountNumber: `******${String(a.accountNumber).slice(-4)}`, accountName: a.accountName } : null,
    message: r.status === 'needs_attention' ? r.message : null,
    createdAt: new Date(r.created_at).toISOString(),
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
  };
}
