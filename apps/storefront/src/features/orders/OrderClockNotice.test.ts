import { DEFAULT_MONEY_RULES, type Order } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { releaseRuleText, shipByRuleText } from '../info/moneyRulesText';
import { orderClockText } from './OrderClockNotice';

const order = (over: Partial<Order>) => ({ status: 'paid', shipBy: null, releaseAt: null, releasedAt: null, ...over }) as Order;

describe('the money clock on the order page', () => {
  it('tells the buyer the release date in Lagos time, and the seller the ship-by deadline', () => {
    expect(orderClockText(order({ status: 'delivered', releaseAt: '2026-12-01T09:30:00Z' }), 'buyer')?.text).toBe(
      'Kasuwa pays the seller on Dec 1, 2026, 10:30 AM unless you report a problem.',
    );
    // A seller-delivery order on its way already has its date (shipped + the option's days + RELEASE_AFTER); an older one not yet.
    expect(orderClockText(order({ status: 'shipped', releaseAt: '2026-12-01T09:30:00Z' }), 'seller')?.text).toBe(
      'Kasuwa pays you on Dec 1, 2026, 10:30 AM unless the buyer reports a problem.',
    );
    expect(orderClockText(order({ status: 'on_the_way', releaseAt: '2026-12-01T09:30:00Z' }), 'buyer')?.text).toMatch(
      /^Kasuwa pays the seller on Dec 1, 2026/,
    );
    expect(orderClockText(order({ status: 'shipped' }), 'buyer')).toBeNull();
    expect(orderClockText(order({ shipBy: '2026-12-01T09:30:00Z' }), 'seller')?.text).toMatch(/^Ship by Dec 1, 2026, 10:30 AM\. /);
    expect(
      orderClockText(order({ status: 'completed', releaseAt: '2026-12-01T09:30:00Z', releasedAt: '2026-12-01T09:30:05Z' }), 'buyer')?.text,
    ).toBe('Kasuwa paid the seller on Dec 1, 2026, 10:30 AM.');
    expect(orderClockText(order({ status: 'cancelled' }), 'buyer')).toBeNull();
  });

  it('the policy sentences state the server’s durations, whatever they are', () => {
    expect(releaseRuleText(DEFAULT_MONEY_RULES)).toContain('holds your payment for 7 days');
    expect(shipByRuleText({ ...DEFAULT_MONEY_RULES, shipBySeconds: 20 })).toBe(
      'If the seller has not shipped a paid order within 20 seconds of payment, Kasuwa cancels it and refunds you in full.',
    );
    expect(releaseRuleText({ ...DEFAULT_MONEY_RULES, releaseAfterSeconds: 36 * 3600 })).toContain('for 36 hours');
  });
});
