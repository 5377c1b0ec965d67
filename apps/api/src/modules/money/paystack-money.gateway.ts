import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { DependencyHealth } from '../metrics/dependency-health';
import { paystackRequest, paystackUnreachable } from '../paystack/paystack-http';
import { Bank, MoneyGateway, ProviderRecord, RefundData, TransferData } from './money-gateway';

/** Pages read from a list endpoint at the most (100 records each): reconciliation looks at recent weeks, not all time. */
const MAX_PAGES = 200;

const unreachable = paystackUnreachable;
const refused = (message: string) => new DomainError('PAYSTACK_REFUSED', message, HttpStatus.BAD_GATEWAY);

/** Paystack's bank, transfer and refund endpoints (PAYSTACK_BASE_URL), with the secret key. */
@Injectable()
export class PaystackMoneyGateway extends MoneyGateway {
  private readonly logger = new Logger(PaystackMoneyGateway.name);
  private bankCache?: { at: number; banks: Bank[] };

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly health: DependencyHealth,
  ) {
    super();
  }

  /** Paystack's Nigerian NUBAN banks, cached for a day (the list rarely changes). */
  async banks(): Promise<Bank[]> {
    if (this.bankCache && Date.now() - this.bankCache.at < 86_400_000) return this.bankCache.banks;
    const { status, body } = await this.call('GET', '/bank?country=nigeria&currency=NGN&type=nuban&perPage=100');
    if (status !== 200 || !Array.isArray(body?.data)) throw unreachable();
    const banks = (body.data as Record<string, unknown>[])
      .filter((b) => b.active !== false && b.is_deleted !== true && typeof b.code === 'string' && typeof b.name === 'string')
      .map((b) => ({
        name: String(b.name),
        code: String(b.code),
        slug: String(b.slug ?? b.code),
        ...(Number.isSafeInteger(Number(b.id)) ? { id: Number(b.id) } : {}),
      }));
    this.bankCache = { at: Date.now(), banks };
    return banks;
  }

  async resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
    const { status, body } = await this.call(
      'GET',
      `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`,
    );
    if (status === 200 && body?.status === true) return String((body.data as { account_name?: unknown })?.account_name ?? '') || null;
    if (status === 400 || status === 404 || status === 422) return null;
    throw unreachable();
  }

  async createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string> {
    const { status, body } = await this.call('POST', '/transferrecipient', {
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    const code = (body?.data as { recipient_code?: unknown } | undefined)?.recipient_code;
    if ((status !== 200 && status !== 201) || body?.status !== true || typeof code !== 'string')
      throw refused('The payment provider did not accept this bank account.');
    return code;
  }

  async transfer(input: { amountKobo: number; recipient: string; reference: string; reason: string }): Promise<TransferData> {
    const { status, body } = await this.call('POST', '/transfer', {
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipient,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
    if (status === 200 && body?.status === true && body.data && typeof body.data === 'object') return body.data as TransferData;
    const message = String(body?.message ?? '');
    this.logger.error(`Paystack transfer ${input.reference} answered ${status}: ${message}`);
    // The reference is Paystack's idempotency key: "duplicate" means an earlier call got through, so ask, never fail.
    if (status >= 400 && status < 500 && /duplicate/i.test(message))
      return { reference: input.reference, status: 'duplicate', reason: message };
    // Any other refusal is only believed once verify says Paystack has no such transfer (PayoutsService).
    if (status >= 400 && status < 500) return { reference: input.reference, status: 'refused', reason: message || 'Refused' };
    throw unreachable();
  }

  async verifyTransfer(reference: string): Promise<TransferData | null> {
    const { status, body } = await this.call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if (status === 404 || (status === 400 && body?.status === false)) return null;
    if (status !== 200 || body?.status !== true || !body.data || typeof body.data !== 'object') throw unreachable();
    return body.data as TransferData;
  }

  async refund(input: { transaction: string; amountKobo: number; note: string }): Promise<RefundData> {
    const { status, body } = await this.call('POST', '/refund', {
      transaction: input.transaction,
      amount: input.amountKobo,
      currency: 'NGN',
      merchant_note: input.note,
    });
    const data = body?.data as RefundData | undefined;
    if ((status === 200 || status === 201) && body?.status === true && data && Number.isFinite(Number(data.id))) return data;
    this.logger.error(`Paystack refund of ${input.transaction} answered ${status}: ${String(body?.message ?? '')}`);
    if (status >= 400 && status < 500) throw refused(`The payment provider refused the refund: ${String(body?.message ?? status)}`);
    throw unreachable();
  }

  async retryRefund(paystackId: number, account: { accountNumber: string; bankCode: string }): Promise<RefundData> {
    const bank = (await this.banks()).find((b) => b.code === account.bankCode);
    if (!bank?.id) throw refused('The payment provider does not list this bank.');
    const { status, body } = await this.call('POST', `/refund/retry_with_customer_details/${paystackId}`, {
      refund_account_details: { currency: 'NGN', account_number: account.accountNumber, bank_id: String(bank.id) },
    });
    const data = body?.data as RefundData | undefined;
    if ((status === 200 || status === 201) && body?.status === true && data && typeof data === 'object')
      return { ...data, id: Number(data.id ?? paystackId), status: String(data.status) };
    this.logger.error(`Paystack refund retry ${paystackId} answered ${status}: ${String(body?.message ?? '')}`);
    if (status >= 400 && status < 500) throw refused(`The payment provider refused the bank account: ${String(body?.message ?? status)}`);
    throw unreachable();
  }

  async refunds(query: { transaction?: string; from?: Date }): Promise<RefundData[]> {
    const filter = [
      query.transaction ? `transaction=${encodeURIComponent(query.transaction)}` : '',
      query.from ? `from=${encodeURIComponent(query.from.toISOString())}` : '',
    ]
      .filter(Boolean)
      .join('&');
    const rows = await this.pages(`/refund?${filter}&perPage=100`);
    const reference = (r: Record<string, unknown>) => {
      const t = r.transaction;
      return String(r.transaction_reference ?? (t && typeof t === 'object' ? (t as { reference?: unknown }).reference : '') ?? '');
    };
    return rows
      .filter((r) => r && Number.isSafeInteger(Number(r.id)))
      .map(
        (r) =>
          ({
            ...r,
            id: Number(r.id),
            status: String(r.status),
            amount: Number(r.amount),
            transaction_reference: reference(r),
          }) as RefundData,
      )
      .filter((r) => !query.transaction || !r.transaction_reference || r.transaction_reference === query.transaction);
  }

  async balance(): Promise<number> {
    const { status, body } = await this.call('GET', '/balance');
    if (status !== 200 || !Array.isArray(body?.data)) throw unreachable();
    const ngn = (body.data as { currency?: string; balance?: number }[]).find((b) => b.currency === 'NGN');
    return Number(ngn?.balance ?? 0);
  }

  async transactions(from: Date): Promise<ProviderRecord[]> {
    const rows = await this.list('/transaction', from);
    return rows.map((t) => ({ reference: String(t.reference), status: String(t.status), amount: Number(t.requested_amount ?? t.amount) }));
  }

  async transfers(from: Date): Promise<ProviderRecord[]> {
    const rows = await this.list('/transfer', from);
    return rows.map((t) => ({ reference: String(t.reference), status: String(t.status), amount: Number(t.amount) }));
  }

  private async list(path: '/transaction' | '/transfer', from: Date): Promise<Record<string, unknown>[]> {
    const rows = await this.pages(`${path}?per_page=100&from=${encodeURIComponent(from.toISOString())}`);
    return rows.filter((r) => r && typeof r.reference === 'string');
  }

  /** Every page of a list endpoint (`meta.pageCount` says how many), up to MAX_PAGES. */
  private async pages(pathAndQuery: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { status, body } = await this.call('GET', `${pathAndQuery}&page=${page}`);
      if (status !== 200 || body?.status !== true || !Array.isArray(body.data)) throw unreachable();
      out.push(...(body.data as Record<string, unknown>[]));
      const pages = Number((body.meta as { pageCount?: unknown } | undefined)?.pageCount ?? 1);
      if (page >= pages || !body.data.length) break;
    }
    return out;
  }

  private call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    return paystackRequest(this.cfg, this.logger, this.health, method, path, payload);
  }
}
