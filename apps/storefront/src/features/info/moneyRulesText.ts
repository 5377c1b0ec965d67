import { formatDuration, type MoneyRules } from '@kasuwa/contracts';

/*
 * The buyer-protection rules in words, from the server's settings (useMoneyRules): the Refund and Terms pages, the
 * contact FAQ and the dispute panel all say these same sentences, so no page can state another number.
 */

/** The escrow rule: one window for the release and for disputes. */
export function releaseRuleText(rules: MoneyRules): string {
  const d = formatDuration(rules.releaseAfterSeconds);
  return `After the seller marks your order delivered, Kasuwa holds your payment for ${d}, then pays the seller — sooner if you confirm you received it. You can report a problem (open a dispute) at any time until the seller is paid, never after; while a dispute is open, the seller is not paid.`;
}

/** The ship-by rule. */
export function shipByRuleText(rules: MoneyRules): string {
  return `If the seller has not shipped a paid order within ${formatDuration(rules.shipBySeconds)} of payment, Kasuwa cancels it and refunds you in full.`;
}
