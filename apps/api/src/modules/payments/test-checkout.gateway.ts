import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { TestCheckoutPaymentRow } from '../../database/rows.generated';
import { TestCheckoutPayment } from './entities/test-checkout-payment.entity';
import { GatewayTransaction, InitializeInput, InitializeResult, PaymentGateway } from './payment-gateway';

export type TestOutcome = 'success' | 'failed' | 'abandoned';

/** A test_checkout_payment row: its status one this gateway writes, its metadata the object `initialize` stored. */
export type TestCheckoutRow = Omit<TestCheckoutPaymentRow, 'status' | 'metadata'> & {
  status: 'pending' | TestOutcome;
  metadata: Record<string, unknown>;
};

/**
 * Stands in for Paystack when no PAYSTACK_SECRET_KEY is set: its "hosted page" is GET /api/payments/test-checkout/{ref}
 * and its ledger is the test_checkout_payment table. It answers verify in Paystack's shape, so the rest of the
 * payment code cannot tell the difference.
 */
@Injectable()
export class TestCheckoutGateway extends PaymentGateway {
  readonly provider = 'test' as const;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    super();
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const accessCode = randomBytes(8).toString('hex');
    await this.db.query(
      `INSERT INTO test_checkout_payment (reference, access_code, email, amount_kobo, currency, metadata) VALUES ($1, $2, $3, $4, 'NGN', $5)`,
      [input.reference, accessCode, input.email, input.amountKobo, JSON.stringify(input.metadata)],
    );
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: this.pageUrl(input.reference), access_code: accessCode, reference: input.reference },
    };
  }

  async verify(reference: string): Promise<GatewayTransaction | null> {
    const row = await this.find(reference);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      reference: row.reference,
      amount: Number(row.amount_kobo),
      requested_amount: Number(row.amount_kobo),
      currency: row.currency,
      channel: row.channel,
      paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      gateway_response: { success: 'Approved', failed: 'Declined', abandoned: 'The transaction was not completed', pending: 'Pending' }[
        row.status
      ],
      customer: { email: row.email },
    };
  }

  async find(reference: string): Promise<TestCheckoutRow | undefined> {
    const [row] = await this.db.query<TestCheckoutRow[]>(`SELECT * FROM test_checkout_payment WHERE reference = $1`, [reference]);
    return row;
  }

  /** What the buyer clicked. A successful payment is final, like a real card charge. */
  async record(reference: string, outcome: TestOutcome, channel: 'card' | 'bank_transfer' | 'ussd' = 'card'): Promise<boolean> {
    const { affected } = await this.db
      .createQueryBuilder()
      .update(TestCheckoutPayment)
      .set({ status: outcome, channel, paidAt: outcome === 'success' ? () => 'now()' : null })
      .where(`reference = :reference AND status <> 'success'`, { reference })
      .execute();
    return !!affected;
  }

  pageUrl(reference: string): string {
    return `${this.cfg.app.publicUrl}/api/payments/test-checkout/${encodeURIComponent(reference)}`;
  }
}
