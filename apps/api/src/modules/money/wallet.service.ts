import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Wallet, WalletEntry } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';

type WalletView = Wallet;

/** Which of the seller's figures a ledger account is. */
const ACCOUNT_NAMES: Record<string, WalletEntry['account']> = { escrow: 'held', seller_available: 'available', seller_in_transit: 'pendingPayout', seller_owed: 'owed' };
type WalletEntryView = WalletEntry;

/** The seller's Earnings figures, all read from the ledger (kobo strings). */
@Injectable()
export class WalletService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async wallet(userId: number): Promise<WalletView> {
    const [w] = await this.db.query(
      `SELECT
         (SELECT coalesce(sum(a.balance_kobo), 0) FROM ledger_account a JOIN "order" o ON o.id = a.order_id WHERE a.kind = 'escrow' AND o.seller_id = $1)::text AS held,
         (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE code = 'seller_available:' || $1)::text AS available,
         (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE code = 'seller_in_transit:' || $1)::text AS "pendingPayout",
         (SELECT coalesce(sum(amount_kobo), 0) FROM payout WHERE user_id = $1 AND status = 'success')::text AS "paidOut",
         (SELECT coalesce(-sum(balance_kobo), 0) FROM ledger_account WHERE code = 'seller_owed:' || $1)::text AS owed`,
      [userId],
    );
    return { held: w.held, available: w.available, paidOut: w.paidOut, pendingPayout: w.pendingPayout, owed: w.owed };
  }

  /** An admin's look at a user's balances: 404 for no such user (a made-up id is not a seller with nothing). */
  async forUser(userId: number): Promise<WalletView> {
    const [user] = await this.db.query(`SELECT 1 FROM app_user WHERE id = $1`, [userId]);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return this.wallet(userId);
  }

  /** Every movement of the seller's money (escrow of their orders, available, in transit), newest first. */
  async entries(userId: number, limit: number, offset: number): Promise<{ data: WalletEntryView[]; total: number }> {
    const scope = `FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN journal_entry e ON e.id = p.entry_id
       LEFT JOIN "order" o ON o.id = coalesce(a.order_id, e.order_id)
      WHERE a.code IN ('seller_available:' || $1::int, 'seller_in_transit:' || $1::int, 'seller_owed:' || $1::int) OR (a.kind = 'escrow' AND o.seller_id = $1::int)`;
    const rows = await this.db.query(
      `SELECT p.id::text, e.kind, e.memo, o.id AS order_id, o.order_number, p.amount_kobo::text AS amount, a.kind AS account_kind, e.created_at
       ${scope} ORDER BY p.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n ${scope}`, [userId]);
    return {
      total: n,
      data: rows.map((r: Record<string, unknown>) => ({
        id: String(r.id),
        kind: String(r.kind),
        memo: (r.memo as string) ?? null,
        orderId: (r.order_id as number) ?? null,
        orderNumber: (r.order_number as string) ?? null,
        amount: String(r.amount),
        account: ACCOUNT_NAMES[String(r.account_kind)] ?? 'pendingPayout',
        createdAt: new Date(r.created_at as string).toISOString(),
      })),
    };
  }
}
