import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Wallet, WalletEntry } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';
import type { JournalEntryRow } from '../../database/rows.generated';

type WalletView = Wallet;

type WalletEntryView = WalletEntry;

/** The seller's Earnings figures, all read from the ledger (kobo strings). */
@Injectable()
export class WalletService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async wallet(userId: number): Promise<WalletView> {
    const [w] = await this.db.query<Record<'held' | 'available' | 'pendingPayout' | 'paidOut' | 'owed', string>[]>(
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
    const [user] = await this.db.query<unknown[]>(`SELECT 1 FROM app_user WHERE id = $1`, [userId]);
    if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
    return this.wallet(userId);
  }

  /**
   * The seller's money history: one line per movement, newest first, each a signed amount of the balance it changed —
   * a sale (+, held), Kasuwa's commission (−, taken at release), the release (+, now available), a withdrawal (−),
   * a refund to the buyer (−, from held), and the returns of failed withdrawals or refunds (+). A withdrawal reaching
   * the bank is not a second movement (its money already left with the withdrawal). Paged by ledger entry.
   */
  async entries(userId: number, limit: number, offset: number): Promise<{ data: WalletEntryView[]; total: number }> {
    const scope = `FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
       LEFT JOIN "order" o ON o.id = a.order_id LEFT JOIN "order" oe ON oe.id = e.order_id
      WHERE (a.code IN ('seller_available:' || $1::int, 'seller_in_transit:' || $1::int, 'seller_owed:' || $1::int) OR (a.kind = 'escrow' AND o.seller_id = $1::int))
        AND e.kind <> 'payout_paid'`;
    const rows = await this.db.query<MovementRow[]>(
      `SELECT e.id::text, e.kind, e.memo, e.created_at, max(oe.id) AS order_id, max(oe.order_number) AS order_number,
              sum(p.amount_kobo) FILTER (WHERE a.kind = 'escrow')::text AS held,
              sum(p.amount_kobo) FILTER (WHERE a.kind = 'seller_available')::text AS available,
              sum(p.amount_kobo) FILTER (WHERE a.kind = 'seller_in_transit')::text AS transit,
              sum(p.amount_kobo) FILTER (WHERE a.kind = 'seller_owed')::text AS owed
       ${scope}
       GROUP BY e.id ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(DISTINCT e.id)::int AS n ${scope}`, [userId]);
    return { total: n, data: rows.flatMap(movements) };
  }
}

/** One journal entry of the seller's: its order (max(): one per entry) and the sums it posted to each of their balances (text). */
type MovementRow = Pick<JournalEntryRow, 'id' | 'kind' | 'memo' | 'created_at'> & {
  order_id: number | null;
  order_number: string | null;
  held: string | null;
  available: string | null;
  transit: string | null;
  owed: string | null;
};

/** The lines one ledger entry is to the seller (see WalletService.entries). */
function movements(r: MovementRow): WalletEntryView[] {
  const [held, available, transit, owed] = [r.held, r.available, r.transit, r.owed].map((v) => BigInt(v ?? 0));
  const line = (kind: WalletEntryView['kind'], amount: bigint, account: WalletEntryView['account'], suffix = ''): WalletEntryView => ({
    id: `${r.id}${suffix}`,
    kind,
    label: MOVEMENT_LABELS[kind],
    memo: r.memo ?? null,
    orderId: r.order_id ?? null,
    orderNumber: r.order_number ?? null,
    amount: String(amount),
    account,
    createdAt: new Date(r.created_at).toISOString(),
  });
  switch (r.kind) {
    case 'payment':
      return [line('sale', held, 'held')];
    case 'release': {
      // Held money leaves escrow: the seller's share becomes available, the rest is Kasuwa's commission.
      const commission = held + available + owed;
      return [
        line('release', available, 'available', ':release'),
        ...(commission !== 0n ? [line('commission', commission, 'held', ':commission')] : []),
      ];
    }
    case 'payout':
      return [line('withdrawal', available + owed, 'available')];
    case 'payout_failed':
    case 'payout_reversed':
      return [line('withdrawal_returned', available, 'available')];
    case 'payout_paid_late':
      // Taken back from the available balance first; what it could not cover is owed. Each part is its own line.
      return [
        ...(available !== 0n ? [line('paid_late', available, 'available', ':available')] : []),
        ...(owed !== 0n ? [line('paid_late', owed, 'owed', ':owed')] : []),
      ];
    case 'owed_repaid':
      return [line('owed_repaid', available, 'available')];
    case 'cod_commission':
      // Pay on delivery: the buyer paid the seller in cash, so the commission comes out of the seller's balance.
      return [
        ...(available !== 0n ? [line('cod_commission', available, 'available', ':available')] : []),
        ...(owed !== 0n ? [line('cod_commission', owed, 'owed', ':owed')] : []),
      ];
    case 'refund':
      return [line('refund', held, 'held')];
    case 'refund_failed':
      return [line('refund_failed', held, 'held')];
    default: {
      const net = held + available + transit + owed;
      return net === 0n ? [] : [line('other', net, held !== 0n ? 'held' : 'available')];
    }
  }
}

const MOVEMENT_LABELS: Record<WalletEntryView['kind'], string> = {
  sale: 'Sale: paid by the buyer, held',
  commission: 'Kasuwa commission',
  release: 'Released to your available balance',
  withdrawal: 'Withdrawal to your bank',
  withdrawal_returned: 'Withdrawal failed: money back',
  paid_late: 'Withdrawal paid after being reported failed (owed to Kasuwa)',
  owed_repaid: 'Paid back to Kasuwa',
  cod_commission: 'Kasuwa commission on a cash-on-delivery sale',
  refund: 'Refund to the buyer',
  refund_failed: 'Refund failed: held again',
  other: 'Adjustment',
};
