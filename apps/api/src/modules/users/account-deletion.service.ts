import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { invalidField, notFound } from '../../common/errors';
import { UnpaidOrderCancellation } from '../orders/unpaid-cancellation.service';
import { StorageService } from '../storage/storage.service';
import type { Product } from '../catalog/entities/product.entity';

export const DELETE_CONFIRMATION = 'DELETE ACCOUNT';
/** Orders in these states are over: their delivery details are no longer needed by anyone. */
const FINISHED = ['completed', 'cancelled', 'cancelled_by_buyer', 'rejected_by_seller', 'rejected_by_buyer'];
const GONE_ADDRESS = '[removed: account deleted]';

/**
 * "Delete Account" really deletes (DECISIONS.md): personal data anonymised, listings withdrawn (photos removed),
 * unpaid orders cancelled with their stock released, paid orders kept for the other party under "Deleted user",
 * every session ended. Payment records stay (bookkeeping) without the gateway's copy of the customer.
 */
@Injectable()
export class AccountDeletionService {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
    private readonly cancellation: UnpaidOrderCancellation,
  ) {}

  async delete(userId: number, confirm: string | undefined): Promise<{ message: string }> {
    if (confirm !== DELETE_CONFIRMATION) throw invalidField('confirm', `Type ${DELETE_CONFIRMATION} to confirm`);
    const files = await this.db.transaction(async (em) => {
      const [user] = await em.query(`SELECT id, email, profile_image FROM app_user WHERE id = $1 AND status <> 'deleted' FOR UPDATE`, [userId]);
      if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
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

  /** Every listing is withdrawn and loses its photos (their storage keys are returned for deletion after commit). */
  private async withdrawListings(em: EntityManager, userId: number): Promise<string[]> {
    // An UPDATE answers [rows, count] (TypeORM's postgres driver).
    const [rows]: [Pick<Product, 'images'>[], number] = await em.query(
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
    await em.query(`DELETE FROM password_reset WHERE subject = 'user' AND subject_id = $1`, [userId]);
    await em.query(`DELETE FROM contact_message WHERE user_id = $1 OR email = $2`, [userId, email]);
    await em.query(`DELETE FROM mail_outbox WHERE recipient = $1`, [email]);
    await em.query(`UPDATE payment_transaction SET raw = NULL WHERE user_id = $1`, [userId]);
    await em.query(`UPDATE test_checkout_payment SET email = $2, metadata = '{}'::jsonb WHERE email = $1`, [email, `deleted-${userId}@deleted.kasuwa.invalid`]);
    // Finished orders no longer need the delivery details; open paid ones keep them so the delivery can complete.
    await em.query(
      `UPDATE "order" SET shipping_address = $2, receiver_phone_number = '' WHERE buyer_id = $1 AND status = ANY($3)`,
      [userId, GONE_ADDRESS, FINISHED],
    );
    await em.query(
      `UPDATE checkout_session cs SET shipping_address = $2, receiver_phone_number = ''
        WHERE cs.buyer_id = $1 AND NOT EXISTS (SELECT 1 FROM "order" o WHERE o.checkout_session_id = cs.id AND o.status <> ALL($3))`,
      [userId, GONE_ADDRESS, FINISHED],
    );
  }
}
