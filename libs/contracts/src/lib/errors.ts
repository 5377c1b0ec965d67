/** One field's problem in a 422 answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** Codes any route may answer: request shape, sign-in, limits, transport. */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'SESSION_ENDED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'ALREADY_EXISTS',
  'IN_USE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'WORKER_ONLY',
  'INTERNAL_ERROR',
] as const;

/** Business-rule refusals, one per rule (the API's DomainError codes). */
export const DOMAIN_ERROR_CODES = [
  // accounts and admins
  'BAD_CREDENTIALS',
  'SUSPENDED',
  'EMAIL_TAKEN',
  'GOOGLE_UNVERIFIED',
  'GOOGLE_NOT_CONFIGURED',
  'INVALID_RESET_TOKEN',
  'USER_NOT_FOUND',
  'ADMIN_NOT_FOUND',
  'ADMIN_EXISTS',
  'ADMIN_PENDING',
  'ADMIN_DECLINED',
  'ADMIN_NOT_PENDING',
  // catalogue
  'PRODUCT_NOT_FOUND',
  'PRODUCT_UNAVAILABLE',
  'NOT_YOUR_PRODUCT',
  'NOT_BLOCKED',
  'OWN_LISTING',
  'SELLER_ONLY',
  'SELLER_NOT_FOUND',
  'CATEGORY_NOT_FOUND',
  'STATE_NOT_FOUND',
  'LANDING_PAGE_NOT_FOUND',
  'CATEGORY_CYCLE',
  'COMMISSION_NOT_FOUND',
  'SYNONYM_NOT_FOUND',
  'TOO_MANY_FAVOURITES',
  'MESSAGE_NOT_FOUND',
  // cart, checkout, orders
  'CART_ITEM_NOT_FOUND',
  'CART_REFUSED',
  'SOLD_OUT',
  'INSUFFICIENT_STOCK',
  'STOCK_GONE',
  'DELIVERY_UNAVAILABLE',
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_PAID',
  'CHECKOUT_EXPIRED',
  'CHECKOUT_CLOSED',
  'CHECKOUT_CANCELLED',
  'ORDER_NOT_FOUND',
  'INVALID_STATUS_TRANSITION',
  'ORDER_NOT_COMPLETED',
  // handover code and confirming receipt
  'HANDOVER_NOT_READY',
  'HANDOVER_CODE_WRONG',
  'HANDOVER_LOCKED',
  'BUYER_ONLY',
  // tracking on shipped orders: corrected only while the goods are on their way
  'TRACKING_CLOSED',
  'NOT_PAY_ON_DELIVERY',
  'POD_SETTLED',
  // payments and money
  'PAYMENT_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'TEST_CHECKOUT_NOT_FOUND',
  'BAD_SIGNATURE',
  'PAYSTACK_REFUSED',
  'PAYSTACK_UNAVAILABLE',
  'NO_PAYMENT',
  'NOTHING_TO_PAY',
  'REFUND_TOO_LARGE',
  'INSUFFICIENT_FUNDS',
  'NO_PAYOUT_ACCOUNT',
  'PAYOUT_NOT_FOUND',
  'PAYOUT_NOT_RETRYABLE',
  'PAYOUTS_ON_HOLD',
  'REFUND_EXISTS',
  'REFUND_NOT_FOUND',
  'REFUND_REQUEST_NOT_FOUND',
  'REFUND_REQUEST_CLOSED',
  'COMMISSION_RATE_EXISTS',
  'COMMISSION_RATE_NOT_FOUND',
  'DEFAULT_RATE_REQUIRED',
  'DISPUTE_NOT_FOUND',
  'DISPUTE_EXISTS',
  'DISPUTE_NOT_ALLOWED',
  'DISPUTE_CLOSED',
  'DISPUTE_WINDOW_CLOSED',
  'DISPUTE_OPEN',
  'ALREADY_RELEASED',
  'NOTHING_HELD',
  // money sent once: one admin retry per failed refund or payout
  'REFUND_NOT_RETRYABLE',
  'REFUND_ALREADY_RETRIED',
  'PAYOUT_ALREADY_RETRIED',
  // refunds for every channel: a bank account is asked only while Paystack waits for one
  'REFUND_NEEDS_NO_ACCOUNT',
  // an account holding money is not deleted
  'ACCOUNT_HAS_MONEY',
  // reviews
  'REVIEW_NOT_FOUND',
  'REVIEW_EXISTS',
  'REVIEW_REPLY_EXISTS',
  'REVIEW_EDIT_CLOSED',
  // notifications
  'UNSUBSCRIBE_LINK_INVALID',
  // reports, chat, saved searches
  'REPORT_NOT_FOUND',
  'REPORT_ALREADY_OPEN',
  'CONVERSATION_NOT_FOUND',
  'OWN_CONVERSATION',
  'USER_BLOCKED',
  'OFFER_NOT_FOUND',
  'OFFER_CLOSED',
  'SAVED_SEARCH_NOT_FOUND',
  'TOO_MANY_SAVED_SEARCHES',
  // delivery addresses a user keeps
  'ADDRESS_NOT_FOUND',
  'TOO_MANY_ADDRESSES',
  // one open offer per buyer and listing (the backstop answer if two offers ever got past the conversation lock)
  'OFFER_OPEN',
  // accountable staff: admin roles, two-factor sign-in, reasons the audit log keeps
  'ROLE_FORBIDDEN',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
  'TWO_FACTOR_INVALID',
  'TWO_FACTOR_LOCKED',
  'TWO_FACTOR_ALREADY_ON',
  'TWO_FACTOR_NOT_STARTED',
  'REASON_REQUIRED',
  'LAST_OWNER',
  // verified people: e-mail link, phone code, phone sign-in
  'EMAIL_NOT_VERIFIED',
  'PHONE_NOT_VERIFIED',
  'VERIFICATION_LINK_INVALID',
  'PHONE_CODE_INVALID',
  'PHONE_TAKEN',
  'EMAIL_ALREADY_VERIFIED',
  'SMS_FAILED',
  'STEP_UP_REQUIRED',
  // risk queue: a hold states its reason; a signal is decided once, by the role that owns it
  'RISK_HOLD',
  'RISK_SIGNAL_NOT_FOUND',
  'RISK_SIGNAL_CLOSED',
] as const;

/** Every code an error answer may carry: clients branch on it, never on the message (docs/api-conventions.md "Error codes"). */
export const ERROR_CODES = [...GENERIC_ERROR_CODES, ...DOMAIN_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);

/** Every error the API returns. `error` is present only on 422 validation failures. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  error?: FieldError[];
}

export const VALIDATION_FAILED = 'Validation failed';
