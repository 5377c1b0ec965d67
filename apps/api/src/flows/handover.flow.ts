import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { HANDOVER_MAX_ATTEMPTS, type Order, type OrderHandover } from '@kasuwa/contracts';
import type { Actor } from '../common/auth.decorators';
import { conflict, DomainError, forbidden, notFound } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { nigerianE164 } from '../common/phone-number';
import { MailService } from '../modules/mail/mail.service';
import { SmsGateway } from '../modules/sms/sms.gateway';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { OrderReceiptFlow, RECEIVABLE, RECEIVED } from './order-receipt.flow';
import { ORDER_NOT_FOUND, OrdersQueryService } from '../modules/orders/orders-query.service';
import { HandoverCodes } from '../modules/orders/handover/handover-code';
import type { AppUserRow, OrderHandoverRow, OrderRow } from '../database/rows.generated';

/** A code issued in a transaction, to text the buyer once that transaction committed. */
export interface IssuedCode {
  orderId: number;
  phone: string | null;
  text: string;
}

const lockedError = () =>
  new DomainError(
    'HANDOVER_LOCKED',
    `Too many wrong codes: the handover code is locked. The buyer can still confirm receipt on their order page, which pays you the same way.`,
    HttpStatus.LOCKED,
  );

/**
 * The handover code (buyer protection): issued when a paid order leaves the seller, read by its buyer, entered by its
 * seller at the handover. The right code completes the order and releases its money at once (OrderReceiptFlow);
 * wrong codes are counted and the fifth locks the code. Nobody but the buyer ever gets the code back from the API.
 */
@Injectable()
export class HandoverFlow {
  private readonly logger = new Logger(HandoverFlow.name);
  private readonly codes: HandoverCodes;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailService,
    private readonly sms: SmsGateway,
    private readonly receipt: OrderReceiptFlow,
    private readonly notifier: OrderNotifier,
    private readonly query: OrdersQueryService,
  ) {
    // The server's sealing secret (ADMIN_2FA_KEY, else derived from the admin JWT secret), under keys of its own (HKDF).
    this.codes = new HandoverCodes(cfg.staff.twoFactorKey);
  }

  /**
   * In the transaction that ships a paid order: a code for it (once per order; a second shipment step keeps the first
   * code), e-mailed to the buyer with the transaction. Returns what to text after commit, or null if it had one.
   */
  async issue(em: EntityManager, orderId: number): Promise<IssuedCode | null> {
    const code = this.codes.newCode();
    const [row] = await em.query<Pick<OrderHandoverRow, 'order_id'>[]>(
      `INSERT INTO order_handover (order_id, code_sealed, code_hash) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
      [orderId, this.codes.seal(code), this.codes.hash(orderId, code)],
    );
    if (!row) return null;
    const [o] = await em.query<(Pick<OrderRow, 'order_number' | 'receiver_phone_number'> & Pick<AppUserRow, 'email' | 'phone_e164'>)[]>(
      `SELECT o.order_number, o.receiver_phone_number, b.email, b.phone_e164 FROM "order" o JOIN app_user b ON b.id = o.buyer_id WHERE o.id = $1`,
      [orderId],
    );
    const text =
      `Your Kasuwa handover code for order ${o.order_number} is ${code}. Give it to the seller only when the goods are in your hands ` +
      `and you have checked them: the code pays the seller at once.`;
    await this.mail.send(o.email, `Your handover code for ${o.order_number}`, `${text}\nYou can also read it on your order page.`, em, {
      secret: true,
    });
    return { orderId, phone: o.phone_e164 ?? nigerianE164(o.receiver_phone_number ?? ''), text };
  }

  /** After commit: the SMS. A failed text never undoes the shipment (the code is on the order page and in the e-mail). */
  async text(issued: IssuedCode | null): Promise<void> {
    if (!issued?.phone) return;
    try {
      await this.sms.send(issued.phone, issued.text);
    } catch (err) {
      // The order only: the text holds the code.
      this.logger.warn(`Handover code SMS for order ${issued.orderId} not sent: ${(err as Error).message}`);
    }
  }

  /** The order's handover state; the code itself only for its buyer. */
  async view(actor: Actor, orderId: number): Promise<OrderHandover | null> {
    const [o] = await this.db.query<Pick<OrderRow, 'buyer_id' | 'seller_id'>[]>(`SELECT buyer_id, seller_id FROM "order" WHERE id = $1`, [
      orderId,
    ]);
    if (!o || actor.kind !== 'user' || (o.buyer_id !== actor.id && o.seller_id !== actor.id))
      throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    const [h] = await this.db.query<OrderHandoverRow[]>(`SELECT * FROM order_handover WHERE order_id = $1`, [orderId]);
    if (!h) return null;
    return {
      code: o.buyer_id === actor.id ? this.opened(orderId, h.code_sealed) : null,
      attemptsLeft: Math.max(0, HANDOVER_MAX_ATTEMPTS - h.attempts),
      locked: Boolean(h.locked_at),
      usedAt: h.used_at ? new Date(h.used_at).toISOString() : null,
      createdAt: new Date(h.created_at).toISOString(),
    };
  }

  /**
   * The sealed code opened, or null when it cannot be (the key changed since: ADMIN_2FA_KEY rotated). The buyer then
   * confirms receipt with the button instead of seeing a failed page.
   */
  private opened(orderId: number, sealed: string): string | null {
    try {
      return this.codes.open(sealed);
    } catch {
      this.logger.warn(`Handover code of order ${orderId} cannot be opened with the current key`);
      return null;
    }
  }

  /**
   * The seller enters the buyer's code. Right: completed and paid out in this one transaction, exactly once (a replay
   * answers the completed order). Wrong: counted (committed), the fifth locks the code.
   */
  async enter(actor: Actor, orderId: number, code: string): Promise<{ order: Order; released: boolean }> {
    const outcome = await this.db.transaction(async (em): Promise<{ wrong: number } | { released: boolean }> => {
      const o = await this.receipt.lock(em, orderId);
      if (!o || actor.kind !== 'user' || (o.buyer_id !== actor.id && o.seller_id !== actor.id))
        throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
      if (o.seller_id !== actor.id)
        throw forbidden('SELLER_ONLY', 'Only the seller enters the handover code. As the buyer, use “I received it”.');
      const [h] = await em.query<OrderHandoverRow[]>(`SELECT * FROM order_handover WHERE order_id = $1 FOR UPDATE`, [orderId]);
      if (!h)
        throw conflict('HANDOVER_NOT_READY', 'The order is not shipped yet: the buyer gets a handover code when you mark it shipped.');
      if (h.locked_at) throw lockedError();
      const done = RECEIVED.includes(o.status);
      if (!done && !RECEIVABLE.includes(o.status)) {
        throw conflict('INVALID_STATUS_TRANSITION', `The order is ${o.status.replace(/_/g, ' ')}: a handover code no longer applies.`);
      }
      if (!this.codes.matches(orderId, code, h.code_hash)) {
        const attempts = h.attempts + 1;
        await em.query(
          `UPDATE order_handover SET attempts = $2::int, locked_at = CASE WHEN $2::int >= $3::int THEN now() END WHERE order_id = $1`,
          [orderId, attempts, HANDOVER_MAX_ATTEMPTS],
        );
        return { wrong: HANDOVER_MAX_ATTEMPTS - attempts };
      }
      if (done) return { released: false };
      await this.receipt.complete(em, o, { kind: 'seller', id: actor.id }, 'the seller entered the buyer’s handover code');
      await em.query(`UPDATE order_handover SET used_at = now() WHERE order_id = $1`, [orderId]);
      return { released: true };
    });
    // A wrong guess is refused only after its count committed: retrying cannot undo it.
    if ('wrong' in outcome) {
      if (outcome.wrong <= 0) throw lockedError();
      throw conflict(
        'HANDOVER_CODE_WRONG',
        `That is not the buyer’s handover code. ${outcome.wrong} ${outcome.wrong === 1 ? 'try' : 'tries'} left.`,
      );
    }
    if (outcome.released) await this.notifier.statusChanged(orderId, 'completed', 'seller');
    return { order: await this.query.visibleTo(actor, orderId), released: outcome.released };
  }
}
