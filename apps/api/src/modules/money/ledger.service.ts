import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JournalEntryRow, LedgerAccountRow } from '../../database/rows.generated';

/** The ledger's accounts (see the money migration for the sign convention: a posting is money into the account). */
export type AccountRef =
  | { kind: 'paystack_clearing' | 'kasuwa_commission' | 'refunds_in_transit' | 'unapplied_payments' }
  | { kind: 'escrow'; orderId: number }
  | { kind: 'seller_available' | 'seller_in_transit' | 'seller_owed'; userId: number };

export const CLEARING: AccountRef = { kind: 'paystack_clearing' };
export const COMMISSION: AccountRef = { kind: 'kasuwa_commission' };
export const REFUNDS_IN_TRANSIT: AccountRef = { kind: 'refunds_in_transit' };
export const UNAPPLIED: AccountRef = { kind: 'unapplied_payments' };
export const escrowOf = (orderId: number): AccountRef => ({ kind: 'escrow', orderId });
export const availableOf = (userId: number): AccountRef => ({ kind: 'seller_available', userId });
export const inTransitOf = (userId: number): AccountRef => ({ kind: 'seller_in_transit', userId });
/** What the seller owes Kasuwa (≤ 0: negative = owed), e.g. a transfer reported failed that the bank paid after all. */
export const owedBy = (userId: number): AccountRef => ({ kind: 'seller_owed', userId });

export function accountCode(a: AccountRef): string {
  if (a.kind === 'escrow') return `escrow:${a.orderId}`;
  if ('userId' in a) return `${a.kind}:${a.userId}`;
  return a.kind;
}

export interface EntryHead {
  /** What caused it: payment, release, refund, refund_failed, payout, payout_failed, ... */
  kind: string;
  /** Unique per kind: the same cause is posted once (a replayed webhook posts nothing). */
  ref: string;
  orderId?: number | null;
  userId?: number | null;
  memo?: string | null;
}

/**
 * The double-entry journal. `post` runs inside the caller's transaction (the state change that moves the money),
 * so a movement and its cause commit or roll back together. Postgres checks each entry sums to zero at commit and
 * refuses any internal account going below zero.
 */
@Injectable()
export class LedgerService {
  /** Posts one balanced entry; false (nothing written) when an entry with this kind and ref already exists. */
  async post(em: EntityManager, head: EntryHead, postings: [AccountRef, number][]): Promise<boolean> {
    const lines = postings.filter(([, amount]) => amount !== 0);
    for (const [, amount] of lines) if (!Number.isSafeInteger(amount)) throw new Error(`ledger: ${amount} is not whole kobo`);
    if (lines.reduce((s, [, a]) => s + a, 0) !== 0) throw new Error(`ledger: entry ${head.kind}/${head.ref} does not balance`);
    if (lines.length < 2) return false;
    const [entry] = await em.query<Pick<JournalEntryRow, 'id'>[]>(
      `INSERT INTO journal_entry (kind, ref, order_id, user_id, memo) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kind, ref) DO NOTHING RETURNING id`,
      [head.kind, head.ref, head.orderId ?? null, head.userId ?? null, head.memo ?? null],
    );
    if (!entry) return false;
    const ids = await this.accountIds(
      em,
      lines.map(([a]) => a),
    );
    // Ascending account id: two entries touching the same accounts lock their cached balances in the same order.
    const rows = lines.map(([a, amount]) => ({ id: ids.get(accountCode(a))!, amount })).sort((x, y) => x.id - y.id);
    await em.query(`INSERT INTO ledger_posting (entry_id, account_id, amount_kobo) SELECT $1, * FROM unnest($2::int[], $3::bigint[])`, [
      entry.id,
      rows.map((r) => r.id),
      rows.map((r) => String(r.amount)),
    ]);
    return true;
  }

  /** An account's balance in kobo (from the postings for the two uncached system accounts). */
  async balance(em: EntityManager, a: AccountRef): Promise<number> {
    // Either a sum of bigints (numeric) or the bigint balance: a string.
    const [row] = await em.query<{ balance: string }[]>(
      `SELECT CASE WHEN a.kind IN ('paystack_clearing','kasuwa_commission')
                   THEN (SELECT coalesce(sum(p.amount_kobo), 0) FROM ledger_posting p WHERE p.account_id = a.id) ELSE a.balance_kobo END AS balance
         FROM ledger_account a WHERE a.code = $1`,
      [accountCode(a)],
    );
    return row ? Number(row.balance) : 0;
  }

  /** Locks an account's cached balance row (created if missing) and returns the balance: for a check-then-move. */
  async lockBalance(em: EntityManager, a: AccountRef): Promise<number> {
    const ids = await this.accountIds(em, [a]);
    const [row] = await em.query<Pick<LedgerAccountRow, 'balance_kobo'>[]>(
      `SELECT balance_kobo FROM ledger_account WHERE id = $1 FOR UPDATE`,
      [ids.get(accountCode(a))],
    );
    return Number(row.balance_kobo);
  }

  /** lockBalance, reading another account's cached balance (unlocked) in the same statement: one round trip. */
  async lockBalanceAndRead(em: EntityManager, a: AccountRef, other: AccountRef): Promise<[number, number]> {
    const ids = await this.accountIds(em, [a]);
    const [row] = await em.query<(Pick<LedgerAccountRow, 'balance_kobo'> & { other: string })[]>(
      `SELECT balance_kobo, coalesce((SELECT o.balance_kobo FROM ledger_account o WHERE o.code = $2), 0) AS other FROM ledger_account WHERE id = $1 FOR UPDATE`,
      [ids.get(accountCode(a)), accountCode(other)],
    );
    return [Number(row.balance_kobo), Number(row.other)];
  }

  private async accountIds(em: EntityManager, accounts: AccountRef[]): Promise<Map<string, number>> {
    const codes = [...new Set(accounts.map(accountCode))];
    const byCode = new Map(accounts.map((a) => [accountCode(a), a]));
    const list = codes.map((c) => byCode.get(c)!);
    await em.query(
      `INSERT INTO ledger_account (code, kind, user_id, order_id) SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::int[], $4::int[]) ON CONFLICT (code) DO NOTHING`,
      [
        codes,
        list.map((a) => a.kind),
        list.map((a) => ('userId' in a ? a.userId : null)),
        list.map((a) => ('orderId' in a ? a.orderId : null)),
      ],
    );
    const rows = await em.query<Pick<LedgerAccountRow, 'id' | 'code'>[]>(`SELECT id, code FROM ledger_account WHERE code = ANY($1)`, [
      codes,
    ]);
    return new Map(rows.map((r) => [r.code, r.id]));
  }
}
