import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { GatewayTransaction, InitializeInput, InitializeResult, PaymentGateway } from './payment-gateway';

const TIMEOUT_MS = 15_000;
/** Paystack's `channels` offered at checkout. */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd', 'bank'];
const unreachable = () => new DomainError('PAYSTACK_UNAVAILABLE', 'We could not reach the payment provider. Please try again.', HttpStatus.BAD_GATEWAY);

/** Paystack's REST API (PAYSTACK_BASE_URL, default https://api.paystack.co), authenticated with the secret key. */
@Injectable()
export class PaystackGateway extends PaymentGateway {
  readonly provider = 'paystack' as const;
  private readonly logger = new Logger(PaystackGateway.name);

  constructor(@Inject(APP_CONFIG) private readonly cfg: AppConfig) {
    super();
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const { status, body } = await this.call('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountKobo,
      currency: 'NGN',
      reference: input.reference,
      // Card, bank transfer, USSD and pay-with-bank: the ways Nigerians pay online (issue 13).
      channels: PAYMENT_CHANNELS,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    const data = body?.data as InitializeResult['data'] | undefined;
    if (status !== 200 || body?.status !== true || typeof data?.authorization_url !== 'string') {
      this.logger.error(`Paystack initialize ${input.reference} answered ${status}: ${String(body?.message ?? '')}`);
      throw new DomainError('PAYSTACK_REFUSED', 'The payment provider could not start this payment. Please try again.', HttpStatus.BAD_GATEWAY);
    }
    return { status: true, message: String(body.message ?? ''), data };
  }

  async verify(reference: string): Promise<GatewayTransaction | null> {
    const { status, body } = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    if (status === 404 || (status === 400 && body?.status === false)) return null;
    if (status !== 200 || body?.status !== true || typeof body.data !== 'object' || !body.data) {
      this.logger.error(`Paystack verify ${reference} answered ${status}: ${String(body?.message ?? '')}`);
      throw unreachable();
    }
    return body.data as GatewayTransaction;
  }

  private async call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await fetch(`${this.cfg.paystack.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.cfg.paystack.secretKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      this.logger.error(`Paystack ${method} ${path} failed: ${(err as Error).message}`);
      throw unreachable();
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, body };
  }
}
