/** Money to sellers: banks, payout account, wallet, payouts, refunds, disputes, commission rates. Kobo as strings. */
import { labelsOf } from './labels';

/** Paystack's bank list entry (GET /api/banks). */
export interface Bank {
  name: string;
  code: string;
  slug: string;
  /** Paystack's bank id (`bank_id` of /refund/retry_with_customer_details); the code is what everything else uses. */
  id?: number;
}

/** POST /api/profile/payout-account/resolve → the name the bank holds, to confirm before saving. */
export interface ResolvedAccount {
  bankName: string;
  accountName: string;
}

export interface PayoutAccount {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** Set for 24 h after a change: no payouts until then. */
  payoutsHoldUntil: string | null;
  /** Automatic daily payout: the whole available balance is sent once a day (Lagos time) when it is ₦1,000 or more. */
  autoPayout: boolean;
}

/** GET /api/wallet: the seller's Earnings figures in kobo. */
export interface Wallet {
  /** In escrow for paid orders not yet released (before commission). */
  held: string;
  available: string;
  paidOut: string;
  /** Sent to the bank, not yet confirmed. */
  pendingPayout: string;
  /**
   * Owed to Kasuwa: the commission on pay-on-delivery sales (the buyer paid the seller in cash) that the available
   * balance could not cover, or a withdrawal reported failed that the bank paid after all. Paid back from the
   * available balance at the next withdrawal or daily payout, before anything goes to the bank.
   */
  owed: string;
}

/** One movement of the seller's money (GET /api/wallet/entries). */
/** What a line of the seller's money history is (one per movement). */
export type WalletMovement =
  | 'sale'
  | 'commission'
  | 'release'
  | 'withdrawal'
  | 'withdrawal_returned'
  | 'paid_late'
  | 'owed_repaid'
  | 'cod_commission'
  | 'refund'
  | 'refund_failed'
  | 'other';

/** One movement of the seller's money (GET /api/wallet/entries), newest first. */
export interface WalletEntry {
  id: string;
  kind: WalletMovement;
  /** The line as the seller reads it ("Kasuwa commission"). */
  label: string;
  memo: string | null;
  orderId: number | null;
  orderNumber: string | null;
  /** Signed kobo: + into the seller's money (a sale, a release to available, money back), − out of it (commission, withdrawal, refund). */
  amount: string;
  /** The balance it changed. */
  account: 'held' | 'available' | 'pendingPayout' | 'owed';
  createdAt: string;
}

/** ₦1,000 in kobo (docs/money.md: minimum withdrawal). */
export const MIN_WITHDRAWAL_KOBO = 100_000;

export type PayoutStatus = 'queued' | 'sending' | 'pending' | 'otp' | 'unknown' | 'success' | 'failed' | 'reversed';

export interface Payout {
  id: number;
  userId: number;
  reference: string;
  amount: string;
  status: PayoutStatus;
  transferCode: string | null;
  /** The payout an admin's retry of this failed one created. */
  retriedAs: number | null;
  message: string | null;
  createdAt: string | null;
  settledAt: string | null;
}

export type RefundStatus = 'queued' | 'sending' | 'pending' | 'needs_attention' | 'processed' | 'failed';

export interface Refund {
  id: number;
  orderId: number | null;
  orderNumber: string | null;
  paymentReference: string;
  /** Kasuwa's reference, sent first in Paystack's merchant note. */
  reference: string;
  amount: string;
  status: RefundStatus;
  /** The refund an admin's retry of this failed one created. */
  retriedAs: number | null;
  reason: string;
  message: string | null;
  createdAt: string | null;
  settledAt: string | null;
}

/** A buyer's rejection of a paid order waits here for an admin: approved (refunded) or declined (with a reason). */
export type RefundRequestStatus = 'requested' | 'approved' | 'declined';
export type RefundRequestDecision = 'approve' | 'decline';

/** GET /api/admin/refund-requests (ra-data-simple-rest); PUT /api/admin/refund-requests/{id} {decision, reason}. */
export interface RefundRequest {
  id: number;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  buyerId: number;
  status: RefundRequestStatus;
  /** The buyer's words when rejecting. */
  reason: string | null;
  orderTotal: string;
  /** What the order's escrow holds now (what an approval refunds). */
  held: string;
  decisionReason: string | null;
  decidedAt: string | null;
  /** The refund an approval started, and where it stands. */
  refundId: number | null;
  refundStatus: RefundStatus | null;
  createdAt: string;
}

export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS = /*#__PURE__*/ labelsOf(DISPUTE_REASONS);
export type DisputeDecision = 'release' | 'refund' | 'partial_refund';

/**
 * `GET /api/money/rules`: the escrow and ship-by rules in seconds, as the server is configured (RELEASE_AFTER, SHIP_BY,
 * RELEASE_REMINDER_BEFORE). Every page that states a time limit reads these: no number is typed twice.
 */
export interface MoneyRules {
  /** A delivered order's money goes to the seller this long after delivery; a dispute may be opened until then. */
  releaseAfterSeconds: number;
  /** A paid order not shipped this long after payment is cancelled and the buyer refunded in full. */
  shipBySeconds: number;
  /** The buyer is reminded this long before the money is released. */
  releaseReminderSeconds: number;
}

/** What a stored page falls back to before the server's rules arrive (the defaults of the settings). */
export const DEFAULT_MONEY_RULES: MoneyRules = {
  releaseAfterSeconds: 7 * 86_400,
  shipBySeconds: 3 * 86_400,
  releaseReminderSeconds: 86_400,
};

/** "7 days", "36 hours", "20 seconds": a duration setting in words, in the largest unit that divides it exactly. */
export function formatDuration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const s = Math.max(0, Math.floor(seconds));
  const [size, name] = units.find(([size]) => s % size === 0 && s >= size) ?? [1, 'second'];
  const n = s / size;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}
/** Photos a buyer may attach to a dispute (multipart field `photos`). */
export const MAX_DISPUTE_PHOTOS = 5;

/** A dispute photo: the 1200 px and 400 px WebP variants. */
export interface DisputePhoto {
  imageUrl: string;
  thumbnailUrl: string;
}

export interface Dispute {
  id: number;
  orderId: number;
  orderNumber: string;
  buyerId: number;
  sellerId: number;
  reason: DisputeReason;
  text: string;
  /** The buyer's evidence, shown to the seller and admins. */
  photos: DisputePhoto[];
  status: 'open' | 'resolved';
  sellerReply: string | null;
  repliedAt: string | null;
  decision: DisputeDecision | null;
  decisionAmount: string | null;
  decisionReason: string | null;
  decidedAt: string | null;
  orderTotal: string;
  createdAt: string;
}

export interface CommissionRate {
  id: number;
  /** null: the default rate. */
  categoryId: number | null;
  categoryName: string | null;
  /** Basis points: 500 = 5%. */
  rateBp: number;
  createdAt: string;
  updatedAt: string;
}

/** A refund's state as its buyer sees it (GET /api/orders/{id}/refunds). */
export type BuyerRefundStatus = RefundStatus;

/** One refund of the buyer's order; `needsAccount`: Paystack waits for a bank account (POST /api/orders/{id}/refund-account). */
export interface BuyerRefund {
  id: number;
  /** Kobo, as a string of digits. */
  amount: string;
  status: BuyerRefundStatus;
  needsAccount: boolean;
  /** The account the buyer gave (number masked to its last 4 digits), once given. */
  account: { bankName: string; accountNumber: string; accountName: string } | null;
  /** Why the last account could not be used, when Paystack refused it. */
  message: string | null;
  createdAt: string;
  settledAt: string | null;
}
