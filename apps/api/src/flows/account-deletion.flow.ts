import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatNaira, koboToNaira } from '@kasuwa/contracts';
import { conflict, invalidField, notFound } from '../common/errors';
import { UnpaidOrderCancellation } from '../modules/orders/unpaid-cancellation.service';
import { StorageService } from '../modules/storage/storage.service';
import type { Product } from '../modules/catalog/entities/product.entity';
import type { AppUserRow } from '../database/rows.generated';

export const DELETE_CONFIRMATION = 'DELETE ACCOUNT';
/** Orders in these states are over: their delivery details are no longer needed by anyone. */
const FINISHED = ['completed', 'cancelled', 'cancelled_by_buyer', 'rejected_by_seller', 'rejected_by_buyer'];
const GONE_ADDRESS = '[removed: account deleted]';

/**
 * "Delete Account" really deletes (docs/search.md): personal data anonymised, listings withdrawn (photos removed),
 * unpaid orders cancelled with their stock released, paid orders kept for the other party under "Deleted user",
 * every session ended. Payment records stay (bookkeeping) without the gateway's copy of the customer.
 * A flow: it writes across users, orders, catalog, money and payments in one transaction, so it lives above them
 * (the users module importing orders made a module cycle).
 */
@Injectable()
export class AccountDeletionFlow {
  private readonly logger = new Logger(AccountDeletionFlow.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly cancellation: UnpaidOrderCancellation,
  ) {}

  async delete(userId: number, confirm: string | undefined): Promise<{ message: string }> {
    if (confirm !== DELETE_CONFIRMATION) throw invalidField('confirm', `Type ${DELETE_CONFIRMATION} to confirm`);
    const files = await this.db.transaction(async (em) => {
      const [user] = await em.query<Pick<AppUserRow, 'id' | 'email' | 'profile_image'>[]>(
        `SELECT id, email, profile_image FROM app_user WHERE id = $1 AND status <> 'deleted' FOR UPDATE`,
        [userId],
      );
      if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
      await this.refuseWhileMoneyIsOpen(em, userId);
      // Unpaid orders on either side leave their checkouts by the one rule: stock back, checkout totals recomputed.
      await this.cancellation.cancelForAccount(em, userId, { actorKind: 'system', reason: 'Account deleted' });
      const photos = await this.withdrawListings(em, userId);
      await this.scrubRelatedRows(em, userId, user.email);
      await em.query(
        `UPDATE app_user SET email = $2, password_hash = NULL, google_id = NULL, first_name = 'Deleted', last_name = 'user',
                profile_image = NULL, phone = NULL, phone_e164 = NULL, gender = NULL, bank_name = NULL, bank_account_number = NULL,
                bank_account_name = NULL, contact_channels = '{}'::jsonb, status = 'deleted',
                token_version = token_version + 1, updated_at = now()
          WHERE id = $1`,
        [userId, `deleted-${userId}@deleted.kasuwa.invalid`],
      );
      const avatar = user.profile_image ? this.storage.keyOf(user.profile_image) : null;
      return [...photos, ...(avatar ? [avatar] : [])];
    });
    // Files go after the commit: a rolled-back deletion must not lose anyone's photos.
    await this.storage.delete(files).catch((e) => this.logger.error(`Could not delete files of user ${userId}: ${e}`));
    return { message: 'Your account has been deleted.' };
  }

  /**
   * Rule "an account with money is not deleted": while Kasuwa holds money for the seller (escrow of their orders),
   * they can withdraw it (available), a payout to them is open, or a refund to them as a buyer is still on its way,
   * deleting would strand that money with no way to reach it. 409 ACCOUNT_HAS_MONEY says what to do first. The seller's
   * balance and payout account rows are locked: a withdrawal or the daily payout cannot start meanwhile.
   */
  private async refuseWhileMoneyIsOpen(em: EntityManager, userId: number): Promise<void> {
    await em.query(`SELECT 1 FROM ledger_account WHERE code = ANY($1) FOR UPDATE`, [
      [`seller_available:${userId}`, `seller_in_transit:${userId}`],
    ]);
    await em.query(`SELECT 1 FROM payout_account WHERE user_id = $1 FOR UPDATE`, [userId]);
    // bigint sums: strings from pg.
    const [m] = await em.query<{ held: string; available: string; paying: string; refunding: string }[]>(
      `SELECT (SELECT coalesce(sum(a.balance_kobo), 0) FROM ledger_account a JOIN "order" o ON o.id = a.order_id WHERE a.kind = 'escrow' AND o.seller_id = $1)::bigint AS held,
              (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE code = 'seller_available:' || $1)::bigint AS available,
              (SELECT coalesce(sum(amount_kobo), 0) FROM payout WHERE user_id = $1 AND status IN ('queued','sending','pending','otp','unknown'))::bigint AS paying,
              (SELECT coalesce(sum(r.amount_kobo), 0) FROM refund r JOIN payment_transaction p ON p.reference = r.payment_reference
                WHERE p.user_id = $1 AND r.status IN ('queued','sending','pending','needs_attention'))::bigint AS refunding`,
      [userId],
    );
    const naira = (kobo: string) => formatNaira(koboToNaira(Number(kobo)));
    const steps = [
      Number(m.available) > 0 && `withdraw the ${naira(m.available)} available in Earnings`,
      Number(m.held) > 0 && `wait until the ${naira(m.held)} held for your open orders is released or refunded`,
      Number(m.paying) > 0 && `wait for your payout of ${naira(m.paying)} to reach your bank`,
      Number(m.refunding) > 0 &&
        `wait for your refund of ${naira(m.refunding)} to arrive (give your bank account on the order page if we ask for it)`,
    ].filter((x): x is string => typeof x === 'string');
    if (steps.length)
      throw conflict('ACCOUNT_HAS_MONEY', `Your account still has money with Kasuwa. Before deleting it, ${steps.join('; ')}.`);
  }

  /** Every listing is withdrawn and loses its photos (their storage keys are returned for deletion after commit). */
  private async withdrawListings(em: EntityManager, userId: number): Promise<string[]> {
    // An UPDATE answers [rows, count] (TypeORM's postgres driver).
    const [rows] = await em.query<[Pick<Product, 'images'>[], number]>(
      `UPDATE product p SET status = 'withdrawn', images = '[]'::jsonb, updated_at = now()
         FROM (SELECT id, images FROM product WHERE user_id = $1 FOR UPDATE) old
        WHERE p.id = old.id RETURNING old.images`,
      [userId],
    );
    return rows.flatMap((r) => (r.images ?? []).flatMap((i) => i.keys));
  }

  private async scrubRelatedRows(em: EntityManager, userId: number, email: string): Promise<void> {
    await em.query(`DELETE FROM cart_item WHERE user_id = $1`, [userId]);
    await em.query(`DELETE FROM favourite WHERE user_id = $1`, [userId]);
    // The user row is anonymised, not deleted, so its addresses' cascade never fires: they go here (docs/delivery.md, Places).
    await em.query(`DELETE FROM user_address WHERE user_id = $1`, [userId]);
    await em.query(`DELETE FROM password_reset WHERE subject = 'user' AND subject_id = $1`, [userId]);
    await em.query(`DELETE FROM contact_message WHERE user_id = $1 OR email = $2`, [userId, email]);
    await em.query(`DELETE FROM mail_outbox WHERE recipient = $1`, [email]);
    await em.query(`UPDATE payment_transaction SET raw = NULL WHERE user_id = $1`, [userId]);
    // No money is left to pay out (refuseWhileMoneyIsOpen): the bank details go, and with them the automatic daily payout.
    await em.query(`DELETE FROM payout_account WHERE user_id = $1`, [userId]);
    await em.query(`UPDATE payout SET recipient_code = '[removed]', raw = NULL WHERE user_id = $1`, [userId]);
    await em.query(
      `UPDATE refund SET customer_account = NULL, raw = NULL WHERE payment_reference IN (SELECT reference FROM payment_transaction WHERE user_id = $1)`,
      [userId],
    );
    await em.query(`UPDATE test_checkout_payment SET email = $2, metadata = '{}'::jsonb WHERE email = $1`, [
      email,
      `deleted-${userId}@deleted.kasuwa.invalid`,
    ]);
    // Finished orders no longer need the delivery details; open paid ones keep them so the delivery can complete.
    await em.query(
      `UPDATE "order" SET shipping_address = $2, receiver_phone_number = '', landmark = NULL WHERE buyer_id = $1 AND status = ANY($3)`,
      [userId, GONE_ADDRESS, FINISHED],
    );
    await em.query(
      `UPDATE checkout_session cs SET shipping_address = $2, receiver_phone_number = '', landmark = NULL
        WHERE cs.buyer_id = $1 AND NOT EXISTS (SELECT 1 FROM "order" o WHERE o.checkout_session_id = cs.id AND o.status <> ALL($3))`,
      [userId, GONE_ADDRESS, FINISHED],
    );
  }
}
