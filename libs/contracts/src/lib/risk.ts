/**
 * The risk queue: signals raised by rules, each with a reason text; some hold a seller's withdrawals or a listing until
 * a `finance` (withdrawal holds) or `moderator` (listing holds) admin clears or confirms them (`owner` may do all).
 */

/** Each rule, what it watches and what it holds. */
export const RISK_RULES = ['new_account_price', 'payout_change_withdrawal', 'chat_warnings', 'listing_reported', 'missed_ship_by'] as const;
export type RiskRule = (typeof RISK_RULES)[number];

export const RISK_STATES = ['open', 'cleared', 'confirmed'] as const;
export type RiskState = (typeof RISK_STATES)[number];

/** What a signal holds: a seller's withdrawals, a listing (held from sale), or nothing (a signal to look at). */
export type RiskHold = 'withdrawal' | 'listing' | 'none';

export const RISK_RULE_LABELS: Record<RiskRule, string> = {
  new_account_price: 'New account, first listing priced far above its category',
  payout_change_withdrawal: 'Withdrawal within 48 h of a payout account change',
  chat_warnings: '3+ chat scam warnings in a day',
  listing_reported: 'Listing reported',
  missed_ship_by: '2+ missed ship-by deadlines in 30 days',
};

/** Which admin role decides a signal: withdrawal holds are finance's, listings and the rest moderators'. */
export const RISK_DECIDER: Record<RiskHold, 'finance' | 'moderator'> = { withdrawal: 'finance', listing: 'moderator', none: 'moderator' };

/** One signal (`GET /api/admin/risk-signals`). */
export interface RiskSignal {
  id: number;
  rule: RiskRule;
  targetType: 'user' | 'product';
  targetId: number;
  /** The person concerned (the seller, the sender): the one a hold is explained to. */
  userId: number;
  userEmail: string | null;
  hold: RiskHold;
  state: RiskState;
  /** Why, in words the held person reads too. */
  reason: string;
  details: Record<string, unknown>;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: number | null;
  decisionReason: string | null;
  /** Which role decides it (besides owner). */
  decider: 'finance' | 'moderator';
}
