/**
 * A changed payout account holds payouts this long (a common fraud path: docs/money.md "Payout account"). Money sets the
 * hold when the account changes; risk reads it back to tell when the change happened. It lives in risk so that risk
 * needs nothing from money (money already asks risk before paying out).
 */
export const CHANGE_HOLD_MS = 24 * 3_600_000;
