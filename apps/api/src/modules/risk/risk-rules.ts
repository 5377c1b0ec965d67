import type { RiskHold, RiskRule } from '@kasuwa/contracts';

/**
 * The risk rules' thresholds, in one place (product rules, not deployment settings).
 * - new_account_price: an account younger than NEW_ACCOUNT_DAYS whose first listing costs more than PRICE_MULTIPLE ×
 *   the median of its category's listings on sale (other sellers', at least PRICE_COMPARABLES of them) — the bait
 *   listing of a fresh scam account is usually far above (too-good-to-miss luxury) the market; holds the listing.
 * - payout_change_withdrawal: a withdrawal asked within PAYOUT_CHANGE_HOURS of a payout account change (the account
 *   takeover path: change the bank, empty the balance); holds withdrawals.
 * - chat_warnings: CHAT_WARNINGS_PER_DAY messages from one sender in 24 h that drew the scam warning; a signal to look at.
 * - listing_reported: a user reported a listing; a signal (the reports' own threshold hides a listing).
 * - missed_ship_by: MISSED_SHIP_BY orders cancelled for a missed ship-by deadline within MISSED_SHIP_BY_DAYS; a signal.
 */
export const NEW_ACCOUNT_DAYS = 7;
export const PRICE_MULTIPLE = 3;
export const PRICE_COMPARABLES = 5;
export const PAYOUT_CHANGE_HOURS = 48;
export const CHAT_WARNINGS_PER_DAY = 3;
export const MISSED_SHIP_BY = 2;
export const MISSED_SHIP_BY_DAYS = 30;

/** What each rule holds until an admin decides. */
export const RULE_HOLDS: Record<RiskRule, RiskHold> = {
  new_account_price: 'listing',
  payout_change_withdrawal: 'withdrawal',
  chat_warnings: 'none',
  listing_reported: 'none',
  missed_ship_by: 'none',
};
