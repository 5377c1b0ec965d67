import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { DependencyHealth } from '../metrics/dependency-health';
import { GatewayTransaction, InitializeInput, InitializeResult, PaymentGateway } from './payment-gateway';
import { paystackRequest, paystackUnreachable } from '../paystack/paystack-http';

/** Paystack's `channels` offered at checkout. */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd', 'bank'];
const unreachable = paystackUnreachable;

/** Paystack's REST API (PAYSTACK_BASE_URL, default https://api.paystack.co), authenticated with the secret key. */
@Injectable()
export class PaystackGateway extends PaymentGateway {
  readonly provider = 'paystack' as const;
  private readonly logger = new Logger(PaystackGateway.name);

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly health: DependencyHealth,
  ) {
    super();
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const { status, body } = await this.call('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountKobo,
      currency: 'NGN',
      reference: input.reference,
      // Card, bank transfer, USSD and pay-with-bank: the ways Nigerians pay online.
      channels: PAYMENT_CHANNELS,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    const data = body?.data as InitializeResult['data'] | undefined;
    if (status !== 200 || body?.status !== true || typeof data?.authorization_url !== 'string') {
      this.logger.error(`Paystack initialize ${input.reference} answered ${status}: ${String(body?.message ?? '')}`);
      throw new DomainError(
        'PAYSTACK_REFUSED',
        'The payment provider could not start this payment. Please try again.',
        HttpStatus.BAD_GATEWAY,
      );
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

  private call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    return paystackRequest(this.cfg, this.logger, this.health, method, path, payload);
  }
}
