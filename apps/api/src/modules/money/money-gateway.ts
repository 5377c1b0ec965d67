import type { Bank } from '@kasuwa/contracts';

/**
 * What payouts and refunds need from Paystack: banks, account resolution, transfer recipients, transfers and
 * refunds, in Paystack's shapes. Two implementations like the payment gateway: Paystack over HTTP (secret key set)
 * and the built-in test mode, whose transfers and refunds settle after a short delay through the webhook's code path.
 */

export type { Bank };

/** `data` of `POST /transfer`, `GET /transfer/verify/{reference}` and the `transfer.*` webhooks (the fields we read). */
export interface TransferData {
  reference: string;
  /**
   * Paystack's: pending | success | failed | otp | abandoned | reversed | blocked | rejected | received.
   * Two of the gateway's own for an answer that is not a transfer: `duplicate` (Paystack already has this reference:
   * look it up) and `refused` (a 4xx refusal: look it up before believing nothing was sent).
   */
  status: string;
  amount?: number;
  transfer_code?: string;
  id?: number;
  reason?: string | null;
  [key: string]: unknown;
}

/** `data` of `POST /refund` and the `refund.*` webhooks (the fields we read). */
export interface RefundData {
  id: number;
  /** pending | processing | needs-attention | processed | failed (refund.pending / .processing / .needs-attention / .processed / .failed) */
  status: string;
  amount: number;
  transaction_reference?: string;
  transaction?: { reference?: string } | string | number;
  /** Kasuwa sends its refund reference first in the merchant note: how a refund whose answer was lost is found. */
  merchant_note?: string | null;
  [key: string]: unknown;
}

/** A payment or a transfer as the provider lists it (GET /transaction, GET /transfer): the fields reconciliation compares. */
export interface ProviderRecord {
  reference: string;
  /** The provider's status: success, failed, abandoned, reversed, pending, otp, … */
  status: string;
  /** Kobo: for a payment what the merchant asked (`requested_amount`, without fees passed to the buyer). */
  amount: number;
}

/** A provider event, as the signed webhook or the test mode delivers it. */
export interface MoneyEvent {
  event: string;
  data: Record<string, unknown>;
}

export abstract class MoneyGateway {
  abstract banks(): Promise<Bank[]>;
  /** The account holder's name, or null when the bank does not know the number. */
  abstract resolveAccount(accountNumber: string, bankCode: string): Promise<string | null>;
  abstract createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  abstract transfer(input: { amountKobo: number; recipient: string; reference: string; reason: string }): Promise<TransferData>;
  /** null when the provider never saw the reference. */
  abstract verifyTransfer(reference: string): Promise<TransferData | null>;
  /**
   * Asks for a refund. Resolves with Paystack's refund; rejects with PAYSTACK_REFUSED (a 4xx: Paystack said no) or
   * PAYSTACK_UNAVAILABLE (no answer, a timeout or a 5xx: the outcome is unknown).
   */
  abstract refund(input: { transaction: string; amountKobo: number; note: string }): Promise<RefundData>;
  /**
   * Gives Paystack the buyer's bank account for a `needs-attention` refund (POST /refund/retry_with_customer_details/{id}).
   * Rejects like `refund`: PAYSTACK_REFUSED (a 4xx) or PAYSTACK_UNAVAILABLE (no answer: look the refund up).
   */
  abstract retryRefund(paystackId: number, account: { accountNumber: string; bankCode: string }): Promise<RefundData>;
  /** Refunds Paystack lists for a payment (`transaction`) or since a time (`from`), every page. */
  abstract refunds(query: { transaction?: string; from?: Date }): Promise<RefundData[]>;
  /** Kasuwa's NGN balance at the provider, in kobo. */
  abstract balance(): Promise<number>;
  /** Every payment created since `from` (all pages). */
  abstract transactions(from: Date): Promise<ProviderRecord[]>;
  /** Every transfer created since `from` (all pages). */
  abstract transfers(from: Date): Promise<ProviderRecord[]>;
  /** Where the test mode delivers its delayed events (the webhook's handler); Paystack's come over HTTP. */
  onEvent(_sink: (e: MoneyEvent) => Promise<void>): void {}
}
