import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { DomainError } from '../../common/errors';
import type { TestCheckoutPaymentRow, TestGatewayTransferRow } from '../../database/rows.generated';
import { Bank, MoneyEvent, MoneyGateway, ProviderRecord, RefundData, TransferData } from './money-gateway';

interface TestRefundRow {
  id: number;
  reference: string;
  amount_kobo: string | number;
  note: string | null;
}

/** Payment channels whose refunds Paystack cannot send back alone: it answers `needs-attention` until the buyer's account is given. */
export const ACCOUNT_REFUND_CHANNELS = ['bank_transfer', 'ussd'];

/** Real Nigerian banks and their Paystack codes: the test mode's bank list. */
export const TEST_BANKS: Bank[] = [
  ['Access Bank', '044', 'access-bank'],
  ['Citibank Nigeria', '023', 'citibank-nigeria'],
  ['Ecobank Nigeria', '050', 'ecobank-nigeria'],
  ['Fidelity Bank', '070', 'fidelity-bank'],
  ['First Bank of Nigeria', '011', 'first-bank-of-nigeria'],
  ['First City Monument Bank', '214', 'first-city-monument-bank'],
  ['Globus Bank', '00103', 'globus-bank'],
  ['Guaranty Trust Bank', '058', 'guaranty-trust-bank'],
  ['Jaiz Bank', '301', 'jaiz-bank'],
  ['Keystone Bank', '082', 'keystone-bank'],
  ['Kuda Bank', '50211', 'kuda-bank'],
  ['Moniepoint MFB', '50515', 'moniepoint-mfb-ng'],
  ['OPay Digital Services Limited (OPay)', '999992', 'paycom'],
  ['PalmPay', '999991', 'palmpay'],
  ['Polaris Bank', '076', 'polaris-bank'],
  ['Providus Bank', '101', 'providus-bank'],
  ['Stanbic IBTC Bank', '221', 'stanbic-ibtc-bank'],
  ['Standard Chartered Bank', '068', 'standard-chartered-bank'],
  ['Sterling Bank', '232', 'sterling-bank'],
  ['Union Bank of Nigeria', '032', 'union-bank-of-nigeria'],
  ['United Bank For Africa', '033', 'united-bank-for-africa'],
  ['Unity Bank', '215', 'unity-bank'],
  ['Wema Bank', '035', 'wema-bank'],
  ['Zenith Bank', '057', 'zenith-bank'],
].map(([name, code, slug], i) => ({ name, code, slug, id: i + 1 }));

const refused = (message: string) => new DomainError('PAYSTACK_REFUSED', message, HttpStatus.BAD_GATEWAY);

const FIRST = ['ADAEZE', 'CHIDI', 'FUNMILAYO', 'IBRAHIM', 'NGOZI', 'OLUWASEUN', 'AMINA', 'EMEKA', 'YETUNDE', 'MUSA'];
const LAST = ['OKAFOR', 'ADEYEMI', 'BELLO', 'NWOSU', 'OGUNLEYE', 'ABUBAKAR', 'EZE', 'BALOGUN', 'OKONKWO', 'DANJUMA'];

/**
 * Stands in for Paystack's transfers and refunds when no PAYSTACK_SECRET_KEY is set: every NUBAN resolves to a
 * name derived from its digits, and transfers/refunds succeed TEST_SETTLE_DELAY_MS later through the same handler
 * a signed webhook reaches. Its record (test_gateway_transfer) lets verify answer after a restart.
 */
@Injectable()
export class TestMoneyGateway extends MoneyGateway {
  private readonly logger = new Logger(TestMoneyGateway.name);
  private sink?: (e: MoneyEvent) => Promise<void>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    super();
  }

  override onEvent(sink: (e: MoneyEvent) => Promise<void>): void {
    this.sink = sink;
  }

  async banks(): Promise<Bank[]> {
    return TEST_BANKS;
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
    if (!TEST_BANKS.some((b) => b.code === bankCode)) return null;
    const h = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
    return `${FIRST[h[0] % FIRST.length]} ${LAST[h[1] % LAST.length]}`;
  }

  async createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    return `RCP_test${createHash('sha256').update(`${input.bankCode}:${input.accountNumber}`).digest('hex').slice(0, 12)}`;
  }

  async transfer(input: { amountKobo: number; recipient: string; reference: string; reason: string }): Promise<TransferData> {
    const [row] = await this.db.query<Pick<TestGatewayTransferRow, 'id' | 'created_at'>[]>(
      `INSERT INTO test_gateway_transfer (kind, reference, amount_kobo) VALUES ('transfer', $1, $2)
       ON CONFLICT (reference) WHERE kind = 'transfer' DO UPDATE SET reference = EXCLUDED.reference RETURNING id, created_at`,
      [input.reference, input.amountKobo],
    );
    const data = this.transferData(input.reference, input.amountKobo, row.id, 'pending');
    this.later({ event: 'transfer.success', data: { ...data, status: 'success' } });
    return data;
  }

  async verifyTransfer(reference: string): Promise<TransferData | null> {
    const [row] = await this.db.query<Pick<TestGatewayTransferRow, 'id' | 'amount_kobo' | 'created_at'>[]>(
      `SELECT id, amount_kobo, created_at FROM test_gateway_transfer WHERE kind = 'transfer' AND reference = $1`,
      [reference],
    );
    if (!row) return null;
    const done = Date.now() - new Date(row.created_at).getTime() >= this.cfg.money.testSettleDelayMs;
    return this.transferData(reference, Number(row.amount_kobo), row.id, done ? 'success' : 'pending');
  }

  async refund(input: { transaction: string; amountKobo: number; note: string }): Promise<RefundData> {
    const [row] = await this.db.query<Pick<TestGatewayTransferRow, 'id' | 'needs_account'>[]>(
      `INSERT INTO test_gateway_transfer (kind, reference, amount_kobo, note, needs_account)
       VALUES ('refund', $1::varchar, $2, $3, coalesce((SELECT channel = ANY($4::text[]) FROM test_checkout_payment WHERE reference = $1::varchar), false)) RETURNING id, needs_account`,
      [input.transaction, input.amountKobo, input.note, ACCOUNT_REFUND_CHANNELS],
    );
    const r = { id: row.id, reference: input.transaction, amount_kobo: input.amountKobo, note: input.note };
    if (row.needs_account) return this.refundData(r, 'needs-attention');
    this.later({ event: 'refund.processed', data: { ...this.refundData(r, 'processed') } });
    return this.refundData(r, 'pending');
  }

  /** Like Paystack: only a refund waiting for an account takes one; it is then processed TEST_SETTLE_DELAY_MS later. */
  async retryRefund(paystackId: number, account: { accountNumber: string; bankCode: string }): Promise<RefundData> {
    if (!TEST_BANKS.some((b) => b.code === account.bankCode) || !/^\d{10}$/.test(account.accountNumber))
      throw refused('Invalid account details');
    const [row] = await this.db.query<TestGatewayTransferRow[]>(
      `WITH u AS (UPDATE test_gateway_transfer SET account_given_at = now() WHERE id = $1 AND kind = 'refund' AND needs_account AND account_given_at IS NULL RETURNING *) SELECT * FROM u`,
      [paystackId],
    );
    if (!row) throw refused('Refund is not awaiting customer details');
    this.later({ event: 'refund.processed', data: this.refundData(row, 'processed') });
    return this.refundData(row, 'processing');
  }

  async refunds(query: { transaction?: string; from?: Date }): Promise<RefundData[]> {
    const rows = await this.db.query<
      (Pick<TestGatewayTransferRow, 'id' | 'reference' | 'amount_kobo' | 'note' | 'created_at'> & { state: string })[]
    >(
      `SELECT id, reference, amount_kobo, note, created_at,
              CASE WHEN needs_account AND account_given_at IS NULL THEN 'needs-attention'
                   WHEN coalesce(account_given_at, created_at) <= now() - make_interval(secs => $3) THEN 'processed' ELSE 'pending' END AS state
         FROM test_gateway_transfer
        WHERE kind = 'refund' AND ($1::text IS NULL OR reference = $1) AND ($2::timestamptz IS NULL OR created_at >= $2) ORDER BY id`,
      [query.transaction ?? null, query.from?.toISOString() ?? null, this.cfg.money.testSettleDelayMs / 1000],
    );
    return rows.map((r) => this.refundData(r, r.state));
  }

  private refundData(r: TestRefundRow, status: string): RefundData {
    return {
      id: Number(r.id),
      status,
      amount: Number(r.amount_kobo),
      transaction_reference: r.reference,
      currency: 'NGN',
      merchant_note: r.note ?? null,
    };
  }

  async balance(): Promise<number> {
    // sum(bigint) is numeric: a string.
    const [row] = await this.db.query<{ balance: string }[]>(
      `SELECT (SELECT coalesce(sum(amount_kobo), 0) FROM test_checkout_payment WHERE status = 'success')
            - (SELECT coalesce(sum(amount_kobo), 0) FROM test_gateway_transfer) AS balance`,
    );
    return Number(row.balance);
  }

  async transactions(from: Date): Promise<ProviderRecord[]> {
    const rows = await this.db.query<Pick<TestCheckoutPaymentRow, 'reference' | 'status' | 'amount_kobo'>[]>(
      `SELECT reference, status, amount_kobo FROM test_checkout_payment WHERE created_at >= $1 ORDER BY id`,
      [from.toISOString()],
    );
    return rows.map((r) => ({
      reference: r.reference,
      status: r.status,
      amount: Number(r.amount_kobo),
    }));
  }

  async transfers(from: Date): Promise<ProviderRecord[]> {
    const rows = await this.db.query<(Pick<TestGatewayTransferRow, 'reference' | 'amount_kobo'> & { done: boolean })[]>(
      `SELECT reference, amount_kobo, created_at <= now() - make_interval(secs => $2) AS done FROM test_gateway_transfer WHERE kind = 'transfer' AND created_at >= $1 ORDER BY id`,
      [from.toISOString(), this.cfg.money.testSettleDelayMs / 1000],
    );
    return rows.map((r) => ({
      reference: r.reference,
      status: r.done ? 'success' : 'pending',
      amount: Number(r.amount_kobo),
    }));
  }

  private transferData(reference: string, amount: number, id: number, status: string): TransferData {
    return { reference, status, amount, currency: 'NGN', id, transfer_code: `TRF_test${id}`, source: 'balance', domain: 'test' };
  }

  private later(e: MoneyEvent): void {
    setTimeout(() => {
      this.sink?.(e).catch((err) => this.logger.error(`Test ${e.event} failed: ${(err as Error).message}`));
    }, this.cfg.money.testSettleDelayMs).unref();
  }
}
