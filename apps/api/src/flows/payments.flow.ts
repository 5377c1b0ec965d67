import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { koboToNaira, type InitializePaymentResponse, type VerifyPaymentResponse } from '@kasuwa/contracts';
import { conflict, DomainError, notFound, unauthorized } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import type { AppUserRow, CheckoutSessionRow, OrderRow, PaymentTransactionRow } from '../database/rows.generated';
import { liveTotal } from '../modules/order-records/checkout-total';
import { InitializeResult, PaymentGateway } from '../modules/payments/payment-gateway';
import { PaymentSettlementFlow, SettleResult } from './payment-settlement.flow';
import { isValidSignature } from '../modules/payments/webhook-signature';
import { MoneyEventsService } from '../modules/money/money-events.service';

const CHECKOUT_NOT_FOUND = 'Checkout not found.';
const PAYMENT_NOT_FOUND = 'Payment not found.';
/** How long a reservation may wait for the provider's page (the gateway's own timeout is 15 s). */
const START_WINDOW_MS = 20_000;

type SessionRow = Pick<CheckoutSessionRow, 'id' | 'reference' | 'buyer_id'> & Pick<AppUserRow, 'email'>;
/** A payment row's page: `start` records Paystack's url and access code together, so both or neither are set. */
type PageColumns = { authorization_url: string; access_code: string } | { authorization_url: null; access_code: null };
type PaymentPage = InitializeResult;
type Reservation =
  | { kind: 'open'; session: SessionRow; amount: number; page: PaymentPage }
  | { kind: 'starting'; session: SessionRow; amount: number; reference: string }
  | { kind: 'new'; session: SessionRow; amount: number; reference: string };

/** Starting a payment for a checkout, and hearing back about it (buyer's verify, Paystack's webhook, admin re-verify). */
@Injectable()
export class PaymentsFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly settlement: PaymentSettlementFlow,
    private readonly moneyEvents: MoneyEventsService,
  ) {}

  /**
   * Starts (or resumes) the payment of the buyer's own pending checkout, in three steps so that no database transaction
   * is open while Paystack is called: (1) under the checkout's row lock, reuse the open payment page or reserve a
   * payment row with a fresh reference; (2) call the provider; (3) record its page on that row. A double click that
   * finds a reservation still being started waits for its page instead of starting a second charge.
   */
  async initialize(userId: number, sessionId: number): Promise<InitializePaymentResponse['data']> {
    const step = await this.reserve(userId, sessionId);
    const answer = (s: { id: number }, amount: number, result: PaymentPage) => ({
      transaction: {
        reference: result.data.reference,
        amount: koboToNaira(amount),
        currency: 'NGN' as const,
        checkoutSessionId: s.id,
        metadata: result,
      },
    });
    if (step.kind === 'open') return answer(step.session, step.amount, step.page);
    if (step.kind === 'starting') return answer(step.session, step.amount, await this.pageOf(step.reference));
    return answer(step.session, step.amount, await this.start(step.session, step.amount, step.reference));
  }

  /** Step 1, one short transaction: the checkout's checks, then the open page, a start in progress, or a new reservation. */
  private async reserve(userId: number, sessionId: number): Promise<Reservation> {
    return this.db.transaction(async (em) => {
      const [s] = await em.query<(SessionRow & Pick<CheckoutSessionRow, 'status' | 'total_kobo'> & { overdue: boolean })[]>(
        `SELECT s.id, s.buyer_id, s.reference, s.status, s.total_kobo, s.expires_at < now() AS overdue, u.email
           FROM checkout_session s JOIN app_user u ON u.id = s.buyer_id WHERE s.id = $1 FOR UPDATE OF s`,
        [sessionId],
      );
      if (!s || s.buyer_id !== userId) throw notFound('CHECKOUT_NOT_FOUND', CHECKOUT_NOT_FOUND);
      if (s.status === 'paid') throw conflict('CHECKOUT_PAID', 'This checkout is already paid.');
      if (s.status === 'cash')
        throw conflict('NOTHING_TO_PAY', 'Every order of this checkout is paid in cash on delivery: there is nothing to pay online.');
      if (s.status === 'expired' || (s.status === 'pending' && s.overdue)) {
        throw conflict('CHECKOUT_EXPIRED', 'This checkout expired and its items went back on sale. Please check out again.');
      }
      if (s.status !== 'pending') throw conflict('CHECKOUT_CANCELLED', 'This checkout was cancelled.');
      // Paystack is asked only for the live orders (computed here, under the checkout's lock, not trusted from a column).
      const { total: amount } = await liveTotal(em, s.id);
      if (amount <= 0) throw conflict('NOTHING_TO_PAY', 'This checkout has nothing left to pay.');

      // `starting` is exactly "no page yet" here: a row without one is only selected while it is recent.
      const [open] = await em.query<
        (Pick<PaymentTransactionRow, 'reference'> &
          (
            | { starting: true; authorization_url: null; access_code: null }
            | { starting: false; authorization_url: string; access_code: string }
          ))[]
      >(
        `SELECT reference, authorization_url, access_code, authorization_url IS NULL AND created_at > now() - $4::interval AS starting
           FROM payment_transaction
          WHERE checkout_session_id = $1 AND status = 'pending' AND amount_kobo = $2 AND provider = $3
            AND (authorization_url IS NOT NULL OR created_at > now() - $4::interval)
          ORDER BY id DESC LIMIT 1`,
        [s.id, amount, this.gateway.provider, `${START_WINDOW_MS} milliseconds`],
      );
      if (open?.starting) return { kind: 'starting', session: s, amount, reference: open.reference };
      if (open) {
        const page = {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: open.authorization_url, access_code: open.access_code, reference: open.reference },
        };
        return { kind: 'open', session: s, amount, page };
      }
      // A reservation whose start never finished (the process died mid-call) is not a payment page anyone can use.
      await em.query(
        `DELETE FROM payment_transaction WHERE checkout_session_id = $1 AND status = 'pending' AND authorization_url IS NULL`,
        [s.id],
      );
      // Paystack allows letters, digits, '-', '.', '='; a fresh reference per attempt (Paystack refuses reused ones).
      const reference = `KSW-${s.id}-${randomBytes(6).toString('hex')}`;
      await em.query(
        `INSERT INTO payment_transaction (reference, checkout_session_id, user_id, provider, amount_kobo, currency) VALUES ($1, $2, $3, $4, $5, 'NGN')`,
        [reference, s.id, s.buyer_id, this.gateway.provider, amount],
      );
      return { kind: 'new', session: s, amount, reference };
    });
  }

  /** Steps 2 and 3: the provider call with no transaction open, then its page recorded on the reservation (or the reservation dropped). */
  private async start(s: SessionRow, amount: number, reference: string): Promise<PaymentPage> {
    // Built from PUBLIC_URL only: a callback address never comes from the request.
    const callbackUrl = `${this.cfg.app.publicUrl}/payments/verify`;
    const orders = await this.db.query<Pick<OrderRow, 'order_number'>[]>(
      `SELECT order_number FROM "order" WHERE checkout_session_id = $1 AND status = 'pending' ORDER BY id`,
      [s.id],
    );
    let result: InitializeResult;
    try {
      result = await this.gateway.initialize({
        email: s.email,
        amountKobo: amount,
        reference,
        callbackUrl,
        metadata: {
          checkoutSessionId: s.id,
          checkoutReference: s.reference,
          userId: s.buyer_id,
          orderNumbers: orders.map((o) => o.order_number),
          cancel_action: `${callbackUrl}?reference=${reference}`,
        },
      });
    } catch (err) {
      // Refused or unreachable: nothing stays half-written, the buyer may try again.
      await this.db.query(`DELETE FROM payment_transaction WHERE reference = $1 AND authorization_url IS NULL AND status = 'pending'`, [
        reference,
      ]);
      throw err;
    }
    await this.db.query(
      `UPDATE payment_transaction SET authorization_url = $2, access_code = $3, updated_at = now() WHERE reference = $1`,
      [reference, result.data.authorization_url, result.data.access_code],
    );
    return { ...result, data: { ...result.data, reference } };
  }

  /** A double click: the first request is calling the provider; its page is on the reservation once it answers. */
  private async pageOf(reference: string): Promise<PaymentPage> {
    for (const until = Date.now() + START_WINDOW_MS; Date.now() < until; await sleep(100)) {
      const [p] = await this.db.query<PageColumns[]>(
        `SELECT authorization_url, access_code FROM payment_transaction WHERE reference = $1`,
        [reference],
      );
      if (!p) break; // the first request's start failed: its caller got the reason
      if (p.authorization_url)
        return {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: p.authorization_url, access_code: p.access_code, reference },
        };
    }
    throw new DomainError('PAYSTACK_UNAVAILABLE', 'The payment could not be started. Please try again.', HttpStatus.SERVICE_UNAVAILABLE);
  }

  /** The buyer back from the payment page: ask the provider, settle, say what happened (and until when an unpaid checkout's items are held). */
  async verify(reference: string): Promise<VerifyPaymentResponse> {
    const [p] = await this.db.query<unknown[]>(`SELECT 1 FROM payment_transaction WHERE reference = $1`, [reference]);
    if (!p) throw notFound('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND);
    const res = toVerifyResponse(await this.check(reference));
    // Only an unpaid checkout's hold matters to the buyer (they may pay again until then).
    if (res.data && ['failed', 'abandoned', 'pending'].includes(res.status)) {
      const [s] = await this.db.query<Pick<CheckoutSessionRow, 'status' | 'expires_at'>[]>(
        `SELECT status, expires_at FROM checkout_session WHERE id = $1`,
        [res.data.checkoutSessionId],
      );
      // An old failed attempt's page, opened after another payment paid the checkout: nothing is held, nothing to retry.
      if (s?.status === 'paid') {
        const orders = await this.db.query<(Pick<OrderRow, 'id'> & { orderNumber: OrderRow['order_number'] })[]>(
          `SELECT id, order_number AS "orderNumber" FROM "order" WHERE checkout_session_id = $1 ORDER BY id`,
          [res.data.checkoutSessionId],
        );
        return {
          ...res,
          message: `${res.message} Your checkout was paid since with another payment: there is nothing more to pay.`,
          data: { ...res.data, orders, checkoutPaid: true },
        };
      }
      if (s) res.data.expiresAt = new Date(s.expires_at).toISOString();
    }
    return res;
  }

  /** Asks the provider about a reference and runs the settle step (buyer verify and admin re-verify). */
  async check(reference: string): Promise<SettleResult> {
    const [p] = await this.db.query<Pick<PaymentTransactionRow, 'status'>[]>(
      `SELECT status FROM payment_transaction WHERE reference = $1`,
      [reference],
    );
    // A successful payment is final: no need to ask the provider again.
    const tx = p && p.status !== 'success' ? await this.gateway.verify(reference) : null;
    return this.settlement.settle(reference, tx);
  }

  /** Paystack's webhook. Only a body signed with our secret key is believed; only charge.success matters. */
  async webhook(raw: unknown, signature: string | undefined): Promise<{ received: true }> {
    const secret = this.cfg.paystack.secretKey;
    if (!secret || !Buffer.isBuffer(raw) || !isValidSignature(raw, signature, secret)) {
      throw unauthorized('BAD_SIGNATURE', 'Invalid webhook signature.');
    }
    let event: { event?: string; data?: { reference?: unknown } };
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      return { received: true };
    }
    // transfer.* and refund.* settle payouts and refunds (the same handler the test mode's events reach).
    if (await this.moneyEvents.handle(event as Parameters<MoneyEventsService['handle']>[0])) return { received: true };
    if (event?.event === 'charge.success' && event.data && typeof event.data.reference === 'string') {
      await this.settlement.settle(event.data.reference, event.data as Parameters<PaymentSettlementFlow['settle']>[1]);
    }
    return { received: true };
  }
}

export function toVerifyResponse(r: SettleResult): VerifyPaymentResponse {
  const data = r.checkoutSessionId ? { reference: r.reference, checkoutSessionId: r.checkoutSessionId, orders: r.orders ?? [] } : undefined;
  switch (r.outcome) {
    case 'paid':
    case 'already_paid':
      return { status: 'success', message: 'Your payment has been successfully verified', data };
    case 'refund_due':
      return {
        status: 'refund_due',
        message: `We received your payment but could not apply it: ${r.reviewReason} It will be refunded.`,
        data,
      };
    case 'abandoned':
      return { status: 'abandoned', message: 'The payment was cancelled before it was completed.', data };
    case 'failed':
      return { status: 'failed', message: 'Payment verification failed: the payment did not go through.', data };
    default:
      return { status: 'pending', message: 'The payment has not been completed yet.', data };
  }
}
