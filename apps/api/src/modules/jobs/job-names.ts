/**
 * Every background job, by queue name, with the data it carries (README: Background jobs). `define`
 * and `send` take a name from this list and the payload it names, so a job cannot be sent with data its runner does not
 * read, and a typo in a name fails to compile instead of at start. Periodic jobs carry no data.
 */
export interface JobPayloads {
  /** A stored mail_outbox row to deliver (mail). */
  'mail-deliver': { id: number };
  /** The WebP sizes of one listing photo (catalog). */
  'product-image-variants': { productId: number; originalUrl: string };
  /** The "while you were away" e-mail about a chat message or offer (conversations). */
  'chat-away-email': { conversationId: number; recipientId: number; type: 'message' | 'offer'; title: string };
  /** Periodic: the order clock (ship-by, auto-complete, escrow release). */
  'money-clock': NoData;
  'money-reconcile': NoData;
  'money-reconcile-paystack': NoData;
  'money-daily-payout': NoData;
  'checkout-expiry': NoData;
  'risk-missed-ship-by': NoData;
  'search-outbox': NoData;
  'saved-search-digest': NoData;
}

/** The data of a periodic job: nothing. */
export type NoData = Record<string, never>;

export type JobName = keyof JobPayloads;
