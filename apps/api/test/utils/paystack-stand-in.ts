import { createHmac, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';

/**
 * A local stand-in for Paystack's API (https://api.paystack.co), for the e2e tests: a real HTTP server speaking the
 * shapes of ../shared/vendor/paystack-openapi/paystack.yaml for POST /transaction/initialize,
 * GET /transaction/verify/{reference}, GET /bank, GET /bank/resolve, POST /transferrecipient, POST /transfer,
 * GET /transfer/verify/{reference}, POST /refund, POST /refund/retry_with_customer_details/{id}, GET /balance and the lists GET /transaction, GET /transfer and GET /refund (paged with
 * per_page/page, filtered by `from`), checking the Bearer secret key. Tests steer it (pay, fail, tamper with the
 * amount or currency) and send correctly signed webhooks through it.
 */

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  metadata: unknown;
  callbackUrl: string | null;
  /** Paystack reports an initialized, unfinished payment as `abandoned`. */
  status: 'abandoned' | 'success' | 'failed' | 'ongoing';
  channel: string;
  paidAt: string | null;
  createdAt: string;
  /** What verify and webhooks report instead of the real amount/currency (tests of the server's checks). */
  tamper: { amount?: number; currency?: string; requestedAmount?: number };
  /** Kobo of Paystack's fees added to the charge ("pass fees to the customer" on the merchant's dashboard). */
  customerFees: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

let ids = 4_000_000_000;

/** A transfer the stand-in was asked for (TransferCreateResponse / TransferVerifyResponse `data`). */
export interface StandInTransfer {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  recipient: string;
  reason: string;
  status: 'pending' | 'success' | 'failed' | 'reversed' | 'otp';
  createdAt: string;
}

/** A refund the stand-in was asked for (RefundCreateResponse `data`). */
export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  status: 'pending' | 'processing' | 'needs-attention' | 'processed' | 'failed';
  merchantNote: string;
  createdAt: string;
  /** `refund_account_details` of the retry that gave the customer's account (a needs-attention refund). */
  account?: { currency: string; account_number: string; bank_id: string };
}

/** A few of Paystack's Nigerian banks, as GET /bank lists them. */
export const STAND_IN_BANKS = [
  { name: 'Access Bank', code: '044', slug: 'access-bank' },
  { name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' },
  { name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
  { name: 'Kuda Bank', code: '50211', slug: 'kuda-bank' },
];

export class PaystackStandIn {
  readonly secret = `sk_test_standin_${randomBytes(12).toString('hex')}`;
  readonly requests: RecordedRequest[] = [];
  private readonly txs = new Map<string, StandInTransaction>();
  private server?: Server;
  url = '';
  /**
   * The next call answers this instead (an outage or a refusal), once; with `path`, the next call to that path only, so
   * a background call of the app (the reconciliation sweep's verify) cannot take a failure meant for the test's call.
   */
  failNext: { status: number; body: unknown; path?: string } | null = null;
  /** Runs while POST /transaction/initialize is being answered (tests look at the app's database meanwhile). */
  duringInitialize: (() => Promise<void>) | null = null;
  readonly transfers = new Map<string, StandInTransfer>();
  readonly refunds = new Map<number, StandInRefund>();
  /** Account names /bank/resolve knows, by `bankCode:accountNumber`; anything else is "could not resolve". */
  readonly accounts = new Map<string, string>();
  /** What POST /transfer answers with (Paystack says `pending` until the bank confirms; `otp` when OTP is on). */
  transferAnswer: 'pending' | 'otp' | 'success' = 'pending';
  /** Record the next transfer, then drop the connection without answering (the app dies or times out mid-call). */
  dropNextTransferAnswer = false;
  /** Record the next refund, then drop the connection without answering. */
  dropNextRefundAnswer = false;
  /** POST /refund and POST /transfer answer this long after recording (Paystack slow; the app's timeout may fire first). */
  answerDelayMs = 0;
  /** Runs after a refund or transfer is recorded and before it is answered (a webhook racing the answer, a crash). */
  beforeAnswer: ((kind: 'refund' | 'transfer', key: string) => Promise<void>) | null = null;
  balanceKobo = 0;
  /**
   * Payment channels whose refunds Paystack answers `needs-attention` (no card to send the money back to): the refund
   * then waits for POST /refund/retry_with_customer_details/{id}. Empty: every refund is accepted as pending.
   */
  refundNeedsAttention: string[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  /** Settings for createTestApp. */
  env(): Record<string, string> {
    return { PAYSTACK_BASE_URL: this.url, PAYSTACK_SECRET_KEY: this.secret };
  }

  get(reference: string): StandInTransaction {
    const tx = this.txs.get(reference);
    if (!tx) throw new Error(`The stand-in has no transaction ${reference}`);
    return tx;
  }

  /** The buyer pays on "Paystack's page". */
  pay(reference: string, channel = 'card'): StandInTransaction {
    const tx = this.get(reference);
    Object.assign(tx, { status: 'success', channel, paidAt: new Date().toISOString() });
    return tx;
  }

  /** Paystack has no record of this payment (reconciliation tests: money the ledger took in that Paystack does not list). */
  forget(reference: string): void {
    this.txs.delete(reference);
  }

  fail(reference: string): void {
    Object.assign(this.get(reference), { status: 'failed' });
  }

  tamper(reference: string, tamper: StandInTransaction['tamper']): void {
    this.get(reference).tamper = tamper;
  }

  /** Paystack's fee on a local card charge: 1.5% + ₦100 (the ₦100 waived under ₦2,500), capped at ₦2,000. */
  static fee(kobo: number): number {
    return Math.min(200_000, Math.round(kobo * 0.015) + (kobo < 250_000 ? 0 : 10_000));
  }

  /**
   * The merchant passes fees to the customer: the buyer is charged the asked amount plus the fee, so `amount` on
   * verify and webhooks is fee-inclusive while `requested_amount` stays what the merchant asked for.
   */
  passFeesToCustomer(reference: string, fees = PaystackStandIn.fee(this.get(reference).amount)): number {
    this.get(reference).customerFees = fees;
    return fees;
  }

  /** `data` of GET /transaction/verify/{reference} — and of the charge.success webhook. Every field the schema requires. */
  transactionData(reference: string): Record<string, unknown> {
    const tx = this.get(reference);
    const amount = tx.tamper.amount ?? tx.amount + tx.customerFees;
    const paid = tx.status === 'success';
    return {
      id: tx.id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      receipt_number: null,
      amount,
      message: null,
      gateway_response: paid ? 'Successful' : tx.status === 'failed' ? 'Declined' : 'The transaction was not completed',
      paid_at: tx.paidAt,
      created_at: tx.createdAt,
      channel: tx.channel,
      currency: tx.tamper.currency ?? tx.currency,
      ip_address: '127.0.0.1',
      metadata: tx.metadata ?? '',
      log: null,
      fees: paid ? tx.customerFees || PaystackStandIn.fee(tx.amount) : null,
      fees_split: null,
      authorization: {
        authorization_code: `AUTH_${tx.accessCode}`,
        bin: '408408',
        last4: '4081',
        exp_month: '12',
        exp_year: '2030',
        channel: tx.channel,
        card_type: 'visa ',
        bank: 'TEST BANK',
        country_code: 'NG',
        brand: 'visa',
        reusable: true,
        signature: `SIG_${tx.accessCode}`,
        account_name: null,
        receiver_bank_account_number: null,
        receiver_bank: null,
      },
      customer: {
        id: 1000 + (tx.id % 1000),
        first_name: null,
        last_name: null,
        email: tx.email,
        customer_code: `CUS_${tx.accessCode}`,
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt: tx.paidAt,
      createdAt: tx.createdAt,
      requested_amount: tx.tamper.requestedAmount ?? tx.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: tx.createdAt,
      plan_object: {},
      subaccount: {},
    };
  }

  /** Paystack's webhook body for this transaction, exactly as it would be signed. */
  webhookBody(reference: string, event = 'charge.success'): string {
    return JSON.stringify({ event, data: this.transactionData(reference) });
  }

  sign(body: string, secret = this.secret): string {
    return createHmac('sha512', secret).update(body).digest('hex');
  }

  /** POSTs a signed webhook to the app (`signature` overrides the real one, for forgery tests). */
  sendWebhook(http: Parameters<typeof request>[0], reference: string, opts: { event?: string; signature?: string; body?: string } = {}) {
    const body = opts.body ?? this.webhookBody(reference, opts.event);
    return request(http)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', opts.signature ?? this.sign(body))
      .send(body);
  }

  /** `data` of GET /transfer/verify/{reference} and of the transfer.* webhooks. */
  transferData(reference: string): Record<string, unknown> {
    const t = this.transfers.get(reference);
    if (!t) throw new Error(`The stand-in has no transfer ${reference}`);
    return {
      amount: t.amount,
      createdAt: t.createdAt,
      currency: 'NGN',
      domain: 'test',
      failures: null,
      id: t.id,
      integration: 100032,
      reason: t.reason,
      reference: t.reference,
      source: 'balance',
      source_details: null,
      status: t.status,
      titan_code: null,
      transfer_code: t.transferCode,
      transferred_at: t.status === 'success' ? new Date().toISOString() : null,
      updatedAt: new Date().toISOString(),
      recipient: {
        active: true,
        createdAt: t.createdAt,
        currency: 'NGN',
        description: '',
        domain: 'test',
        email: '',
        id: t.id - 1,
        integration: 100032,
        metadata: null,
        name: 'Recipient',
        recipient_code: t.recipient,
        type: 'nuban',
        updatedAt: t.createdAt,
        is_deleted: false,
        isDeleted: false,
        details: {
          authorization_code: null,
          account_number: '0123456789',
          account_name: 'Recipient',
          bank_code: '058',
          bank_name: 'Guaranty Trust Bank',
        },
      },
      session: { provider: 'nip', id: t.status === 'success' ? `0900${t.id}` : null },
      gateway_response: t.status === 'success' ? 'Approved' : null,
    };
  }

  /** `data` of POST /refund and of the refund.* webhooks. */
  refundData(id: number): Record<string, unknown> {
    const r = this.refunds.get(id);
    if (!r) throw new Error(`The stand-in has no refund ${id}`);
    return {
      id: r.id,
      integration: 100032,
      domain: 'test',
      transaction: this.txs.has(r.transactionReference)
        ? { ...this.transactionData(r.transactionReference), plan: {}, subaccount: { currency: null } }
        : { id: 0, reference: r.transactionReference, amount: 0 },
      transaction_reference: r.transactionReference,
      refund_reference: null,
      amount: r.amount,
      deducted_amount: r.amount,
      fully_deducted: true,
      currency: 'NGN',
      channel: this.txs.get(r.transactionReference)?.channel ?? 'card',
      merchant_note: r.merchantNote,
      customer_note: 'Refund',
      status: r.status,
      refunded_by: 'api',
      expected_at: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: r.createdAt,
      updatedAt: new Date().toISOString(),
    };
  }

  /** The bank settles a transfer (Paystack then sends transfer.success / failed / reversed). */
  settleTransfer(reference: string, status: 'success' | 'failed' | 'reversed'): void {
    const t = this.transfers.get(reference);
    if (!t) throw new Error(`The stand-in has no transfer ${reference}`);
    t.status = status;
  }

  /** The bank settles a transfer and Paystack tells the app at `http` (its transfer.* webhook, answered 200). */
  async transferSettled(http: Parameters<typeof request>[0], reference: string, status: 'success' | 'failed' | 'reversed'): Promise<void> {
    this.settleTransfer(reference, status);
    await this.sendEvent(http, `transfer.${status}`, this.transferData(reference)).expect(200);
  }

  settleRefund(id: number, status: StandInRefund['status']): void {
    this.refunds.get(id)!.status = status;
  }

  /** Paystack settles a refund and tells the app at `http` (its refund.* webhook, answered 200). */
  async refundSettled(http: Parameters<typeof request>[0], id: number, status: StandInRefund['status']): Promise<void> {
    this.settleRefund(id, status);
    await this.sendEvent(http, `refund.${status}`, this.refundData(id)).expect(200);
  }

  /** POSTs a signed transfer.* / refund.* webhook (with the data as it is now, unless `data` is given). */
  sendEvent(http: Parameters<typeof request>[0], event: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ event, data });
    return request(http)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', this.sign(body))
      .send(body);
  }

  // ---------------------------------------------------------------- the HTTP side

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '').split('?')[0];
    this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${this.secret}`) return send(401, { status: false, message: 'Invalid key' });
    if (this.failNext && (!this.failNext.path || this.failNext.path === path)) {
      const { status, body: answer } = this.failNext;
      this.failNext = null;
      return send(status, answer);
    }

    if (req.method === 'POST' && path === '/transaction/initialize') {
      await this.duringInitialize?.();
      return this.initialize(body, send);
    }
    const query = new URL(req.url ?? '', 'http://x').searchParams;
    if (req.method === 'GET' && path === '/bank') {
      return send(200, {
        status: true,
        message: 'Banks retrieved',
        data: STAND_IN_BANKS.map((b, i) => ({
          ...b,
          longcode: `${b.code}150149`,
          gateway: 'emandate',
          pay_with_bank: false,
          supports_transfer: true,
          available_for_direct_debit: false,
          active: true,
          is_deleted: false,
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
          id: i + 1,
          createdAt: '2016-07-14T10:04:29.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
        })),
      });
    }
    if (req.method === 'GET' && path === '/bank/resolve') {
      const name = this.accounts.get(`${query.get('bank_code')}:${query.get('account_number')}`);
      if (!name) return send(422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
      return send(200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: query.get('account_number'), account_name: name, bank_id: 9 },
      });
    }
    if (req.method === 'POST' && path === '/transferrecipient') return this.createRecipient(body, send);
    if (req.method === 'POST' && path === '/transfer') return this.transfer(body, send, res);
    if (req.method === 'GET' && path === '/refund') return this.listRefunds(query, send);
    const tv = /^\/transfer\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && tv) {
      const reference = decodeURIComponent(tv[1]);
      if (!this.transfers.has(reference)) return send(404, { status: false, message: 'Transfer not found' });
      return send(200, { status: true, message: 'Transfer retrieved', data: this.transferData(reference) });
    }
    if (req.method === 'POST' && path === '/refund') return this.refund(body, send, res);
    const rr = /^\/refund\/retry_with_customer_details\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && rr) return this.retryRefund(Number(decodeURIComponent(rr[1])), body, send, res);
    if (req.method === 'GET' && (path === '/transaction' || path === '/transfer')) return this.list(path, query, send);
    if (req.method === 'GET' && path === '/balance')
      return send(200, { status: true, message: 'Balances retrieved', data: [{ currency: 'NGN', balance: this.balanceKobo }] });
    const m = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const reference = decodeURIComponent(m[1]);
      if (!this.txs.has(reference)) return send(404, { status: false, message: 'Transaction reference not found' });
      return send(200, { status: true, message: 'Verification successful', data: this.transactionData(reference) });
    }
    send(404, { status: false, message: 'Not found' });
  }

  /** TransactionListResponse / TransferListResponse: newest first, `per_page` (default 50) a page, created at or after `from`. */
  private list(path: '/transaction' | '/transfer', query: URLSearchParams, send: (status: number, payload: unknown) => void): void {
    const perPage = Math.min(Math.max(Number(query.get('per_page') ?? query.get('perPage') ?? 50) || 50, 1), 100);
    const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
    const from = query.get('from') ? Date.parse(query.get('from')!) : 0;
    const all = (
      path === '/transaction' ? [...this.txs.values()].map((t) => t.reference) : [...this.transfers.values()].map((t) => t.reference)
    )
      .map((reference) => (path === '/transaction' ? this.transactionListItem(reference) : this.transferListItem(reference)))
      .filter((r) => Date.parse(String(r.createdAt)) >= from)
      .reverse();
    const data = all.slice((page - 1) * perPage, page * perPage);
    const meta = {
      total: all.length,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(all.length / perPage)),
    };
    send(200, {
      status: true,
      message: path === '/transaction' ? 'Transactions retrieved' : 'Transfers retrieved',
      data,
      meta:
        path === '/transaction'
          ? { ...meta, total_volume: all.reduce((n, r) => n + (r.status === 'success' ? Number(r.amount) : 0), 0) }
          : meta,
    });
  }

  /** A TransactionListResponseArray item: the verify data in the list's shape. */
  private transactionListItem(reference: string): Record<string, unknown> {
    const { fees_breakdown: _f, transaction_date: _d, plan_object: _p, ...data } = this.transactionData(reference);
    const tx = this.get(reference);
    return {
      ...data,
      metadata: tx.metadata && typeof tx.metadata === 'object' ? tx.metadata : null,
      paidAt: tx.paidAt ?? tx.createdAt,
      plan: {},
      source: null,
      connect: null,
    };
  }

  /** A TransferListResponseArray item. */
  private transferListItem(reference: string): Record<string, unknown> {
    const { gateway_response: _g, ...data } = this.transferData(reference);
    const t = this.transfers.get(reference)!;
    // Paystack's transfer fee: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above.
    return { ...data, request: t.id, fee_charged: t.amount > 5_000_000 ? 5_000 : t.amount > 500_000 ? 2_500 : 1_000, fees_breakdown: null };
  }

  private initialize(body: Record<string, unknown> | null, send: (status: number, payload: unknown) => void): void {
    if (!body || typeof body.email !== 'string' || !body.email.includes('@'))
      return send(400, { status: false, message: 'Invalid Email Address Passed' });
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return send(400, { status: false, message: 'Invalid Amount Sent' });
    if (body.currency !== undefined && !['GHS', 'KES', 'NGN', 'ZAR', 'USD'].includes(body.currency as string)) {
      return send(400, { status: false, message: 'Currency not supported by merchant' });
    }
    const CHANNELS = ['card', 'bank', 'ussd', 'qr', 'eft', 'mobile_money', 'bank_transfer'];
    if (body.channels !== undefined && !(Array.isArray(body.channels) && body.channels.every((c) => CHANNELS.includes(c as string)))) {
      return send(400, { status: false, message: 'Invalid channels' });
    }
    const reference = typeof body.reference === 'string' ? body.reference : randomBytes(5).toString('hex');
    if (!/^[A-Za-z0-9\-.=]+$/.test(reference)) return send(400, { status: false, message: 'Invalid transaction reference' });
    if (this.txs.has(reference)) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
    const accessCode = randomBytes(7).toString('hex');
    this.txs.set(reference, {
      id: ids++,
      reference,
      accessCode,
      email: body.email,
      amount: body.amount as number,
      currency: (body.currency as string) ?? 'NGN',
      metadata: body.metadata ?? null,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      status: 'abandoned',
      channel: 'card',
      paidAt: null,
      createdAt: new Date().toISOString(),
      tamper: {},
      customerFees: 0,
    });
    send(200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${this.url}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  private createRecipient(body: Record<string, unknown> | null, send: (status: number, payload: unknown) => void): void {
    if (
      !body ||
      body.type !== 'nuban' ||
      typeof body.name !== 'string' ||
      typeof body.account_number !== 'string' ||
      typeof body.bank_code !== 'string'
    ) {
      return send(400, { status: false, message: 'Invalid recipient details' });
    }
    const bank = STAND_IN_BANKS.find((b) => b.code === body.bank_code);
    if (!bank) return send(400, { status: false, message: 'Invalid bank code' });
    const code = `RCP_${createHmac('sha256', 'r').update(`${body.bank_code}:${body.account_number}`).digest('hex').slice(0, 15)}`;
    send(201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        createdAt: new Date().toISOString(),
        currency: 'NGN',
        description: '',
        domain: 'test',
        email: '',
        id: ids++,
        integration: 100032,
        metadata: null,
        name: body.name,
        recipient_code: code,
        type: 'nuban',
        updatedAt: new Date().toISOString(),
        is_deleted: false,
        isDeleted: false,
        details: {
          authorization_code: null,
          account_number: body.account_number,
          account_name: body.name,
          bank_code: body.bank_code,
          bank_name: bank.name,
        },
      },
    });
  }

  /** What every money-moving answer waits for: the test's hook, then the configured delay. */
  private async answerLater(kind: 'refund' | 'transfer', key: string): Promise<void> {
    await this.beforeAnswer?.(kind, key);
    if (this.answerDelayMs) await new Promise((r) => setTimeout(r, this.answerDelayMs));
  }

  private async transfer(
    body: Record<string, unknown> | null,
    send: (status: number, payload: unknown) => void,
    res: ServerResponse,
  ): Promise<void> {
    if (
      !body ||
      body.source !== 'balance' ||
      !Number.isInteger(body.amount) ||
      (body.amount as number) <= 0 ||
      typeof body.recipient !== 'string'
    ) {
      return send(400, { status: false, message: 'Invalid transfer details' });
    }
    const reference = body.reference;
    // TransferBase: lowercase letters, digits, - and _, at least 16 characters.
    if (typeof reference !== 'string' || !/^[a-z0-9_-]{16,}$/.test(reference))
      return send(400, { status: false, message: 'Invalid transfer reference' });
    if (this.transfers.has(reference)) return send(400, { status: false, message: 'Duplicate Transfer Reference' });
    const id = ids++;
    this.transfers.set(reference, {
      id,
      reference,
      transferCode: `TRF_${id.toString(36)}`,
      amount: body.amount as number,
      recipient: body.recipient,
      reason: typeof body.reason === 'string' ? body.reason : '',
      status: this.transferAnswer,
      createdAt: new Date().toISOString(),
    });
    await this.answerLater('transfer', reference);
    if (this.dropNextTransferAnswer) {
      this.dropNextTransferAnswer = false;
      res.socket?.destroy();
      return;
    }
    const data = this.transferData(reference);
    send(200, {
      status: true,
      message: this.transferAnswer === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
      data: { ...data, transfersessionid: [], transfertrials: [], request: id, recipient: id - 1 },
    });
  }

  private async refund(
    body: Record<string, unknown> | null,
    send: (status: number, payload: unknown) => void,
    res: ServerResponse,
  ): Promise<void> {
    const reference = body?.transaction;
    const tx = typeof reference === 'string' ? this.txs.get(reference) : undefined;
    if (!tx || tx.status !== 'success') return send(400, { status: false, message: 'Transaction not found or not successful' });
    const already = [...this.refunds.values()]
      .filter((r) => r.transactionReference === reference && r.status !== 'failed')
      .reduce((n, r) => n + r.amount, 0);
    const amount = body?.amount === undefined ? tx.amount - already : body.amount;
    if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) + already > tx.amount + tx.customerFees) {
      return send(400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
    }
    const id = ids++;
    const merchantNote = typeof body?.merchant_note === 'string' ? body.merchant_note : '';
    const status = this.refundNeedsAttention.includes(tx.channel) ? 'needs-attention' : 'pending';
    this.refunds.set(id, {
      id,
      transactionReference: reference as string,
      amount: amount as number,
      status,
      merchantNote,
      createdAt: new Date().toISOString(),
    });
    await this.answerLater('refund', String(id));
    if (this.dropNextRefundAnswer) {
      this.dropNextRefundAnswer = false;
      res.socket?.destroy();
      return;
    }
    send(200, { status: true, message: 'Refund has been queued for processing', data: this.refundData(id) });
  }

  /**
   * RefundRetry: `refund_account_details` {currency, account_number, bank_id} for a refund in `needs-attention` (else
   * refused, as Paystack does); the refund then goes on (`processing`) and is settled by the test (settleRefund + webhook).
   */
  private async retryRefund(
    id: number,
    body: Record<string, unknown> | null,
    send: (status: number, payload: unknown) => void,
    res: ServerResponse,
  ): Promise<void> {
    const r = this.refunds.get(id);
    if (!r) return send(404, { status: false, message: 'Refund not found' });
    const d = body?.refund_account_details as Record<string, unknown> | undefined;
    const bankIds = STAND_IN_BANKS.map((_, i) => String(i + 1));
    if (
      !d ||
      d.currency !== 'NGN' ||
      typeof d.account_number !== 'string' ||
      !/^\d{10}$/.test(d.account_number) ||
      !bankIds.includes(String(d.bank_id))
    ) {
      return send(422, { status: false, message: 'Invalid refund account details' });
    }
    if (r.status !== 'needs-attention') return send(400, { status: false, message: 'Refund is not awaiting customer details' });
    Object.assign(r, { status: 'processing', account: { currency: 'NGN', account_number: d.account_number, bank_id: String(d.bank_id) } });
    await this.answerLater('refund', String(id));
    if (this.dropNextRefundAnswer) {
      this.dropNextRefundAnswer = false;
      res.socket?.destroy();
      return;
    }
    const { transaction: tx, ...data } = this.refundData(id);
    send(200, {
      status: true,
      message: 'Refund retried',
      data: { ...data, transaction: (tx as { id: number }).id, dispute: null, settlement: null, refunded_at: null },
    });
  }

  /** RefundListResponse: newest first, `perPage` (default 50) a page; `transaction` (reference or id) and `from` filter. */
  private listRefunds(query: URLSearchParams, send: (status: number, payload: unknown) => void): void {
    const perPage = Math.min(Math.max(Number(query.get('perPage') ?? 50) || 50, 1), 100);
    const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
    const from = query.get('from') ? Date.parse(query.get('from')!) : 0;
    const transaction = query.get('transaction');
    const all = [...this.refunds.values()]
      .filter((r) => Date.parse(r.createdAt) >= from)
      .filter(
        (r) => !transaction || r.transactionReference === transaction || String(this.txs.get(r.transactionReference)?.id) === transaction,
      )
      .reverse()
      .map((r) => {
        const { transaction: tx, ...data } = this.refundData(r.id);
        return {
          ...data,
          transaction: (tx as { id: number }).id,
          dispute: null,
          settlement: null,
          refunded_at: r.status === 'processed' ? data.updatedAt : null,
          bank_reference: null,
          reason: data.merchant_note,
        };
      });
    const data = all.slice((page - 1) * perPage, page * perPage);
    const pageCount = Math.max(1, Math.ceil(all.length / perPage));
    send(200, {
      status: true,
      message: 'Refunds retrieved',
      data,
      meta: {
        total: all.length,
        skipped: (page - 1) * perPage,
        perPage: String(perPage),
        page,
        pageCount,
        failedRefundCount: all.filter((r) => (r as { status?: unknown }).status === 'failed').length,
      },
    });
  }
}
