/**
 * What the checkout needs from a payment provider. Two implementations: Paystack over HTTP (PAYSTACK_SECRET_KEY set)
 * and the built-in test checkout page (no key: the whole flow runs on a fresh machine). Both speak Paystack's shapes.
 */

/** Paystack's transaction as `GET /transaction/verify/:reference` and the `charge.success` webhook carry it. */
export interface GatewayTransaction {
  id?: number;
  /** success | failed | abandoned | ongoing | pending | processing | queued | reversed */
  status: string;
  reference: string;
  /** Kobo actually charged: with "pass fees to the customer" on, Paystack's fees are added on top of what we asked. */
  amount: number | string;
  /** Kobo Kasuwa asked for at initialize (Paystack reports it on verify and webhooks); compared with the checkout. */
  requested_amount?: number | string | null;
  currency: string;
  channel?: string | null;
  paid_at?: string | null;
  paidAt?: string | null;
  gateway_response?: string | null;
  customer?: { email?: string } | null;
  [key: string]: unknown;
}

export interface InitializeInput {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

/** Paystack's `POST /transaction/initialize` answer. */
export interface InitializeResult {
  status: boolean;
  message: string;
  data: { authorization_url: string; access_code: string; reference: string };
}

export abstract class PaymentGateway {
  abstract readonly provider: 'paystack' | 'test';
  abstract initialize(input: InitializeInput): Promise<InitializeResult>;
  /** The provider's view of a payment; null when it does not know the reference. */
  abstract verify(reference: string): Promise<GatewayTransaction | null>;
}
