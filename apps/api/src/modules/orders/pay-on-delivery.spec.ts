import { allowedNext, type QuoteOption } from '@kasuwa/contracts';
import { loadConfig } from '../../config/app.config';
import { podRefusal, type PodBuyer } from './pay-on-delivery';

/** Rule "pay on delivery", each condition alone (the quote and the checkout both answer with these words). */
describe('podRefusal', () => {
  const cfg = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ...env });
  const delivery: QuoteOption = { method: 'seller_delivery', zone: 'state', feeKobo: 200_000, days: 2 };
  const ok: PodBuyer = { phoneVerified: true, open: 0, refused: 0 };
  const yes = [{ pay_on_delivery: true }];

  it('allows a small order from a verified buyer with no open cash order', () => {
    expect(podRefusal(cfg(), yes, delivery, 1_000_000, ok)).toBeNull();
  });

  it('says nothing when no listing allows it, and why not in every other case', () => {
    expect(podRefusal(cfg(), [{ pay_on_delivery: false }], delivery, 1_000_000, ok)).toBeUndefined();
    expect(podRefusal(cfg(), [...yes, { pay_on_delivery: false }], delivery, 1_000_000, ok)).toBe(
      'Not every item from this seller allows pay on delivery.',
    );
    expect(podRefusal(cfg(), yes, undefined, 1_000_000, ok)).toContain('does not reach this address');
    expect(podRefusal(cfg({ POD_MAX: '0' }), yes, delivery, 1_000_000, ok)).toBe(
      'Pay on delivery is not available on Kasuwa at the moment.',
    );
    // POD_MAX (₦200,000 by default) counts the delivery fee: ₦198,000 + ₦2,000 is allowed, a kobo more is not.
    expect(podRefusal(cfg(), yes, delivery, 19_800_000, ok)).toBeNull();
    expect(podRefusal(cfg(), yes, delivery, 19_800_001, ok)).toContain('up to ₦200,000.00');
    expect(podRefusal(cfg(), yes, delivery, 1_000_000, { ...ok, refused: 2 })).toContain('you refused 2 pay-on-delivery orders');
    expect(podRefusal(cfg(), yes, delivery, 1_000_000, { ...ok, open: 2 })).toContain('already have 2 pay-on-delivery orders open');
    expect(podRefusal(cfg(), yes, delivery, 1_000_000, { ...ok, open: 1 }, 1)).toContain('already have 2');
  });

  it('needs a verified phone, unless verification is off (demos and test suites)', () => {
    const unverified = { ...ok, phoneVerified: false };
    expect(podRefusal(cfg({ ACCOUNT_VERIFICATION: 'required' }), yes, delivery, 1_000_000, unverified)).toBe(
      'Verify your phone number on your profile to pay on delivery.',
    );
    expect(podRefusal(cfg({ ACCOUNT_VERIFICATION: 'off' }), yes, delivery, 1_000_000, unverified)).toBeNull();
  });

  it('lets neither side settle a cash order by status: only the seller’s cash received or refused delivery (admins may)', () => {
    expect(allowedNext('seller', 'shipped', { cashOnDelivery: true })).toEqual(['on_the_way']);
    expect(allowedNext('seller', 'shipped')).toEqual(['on_the_way', 'delivered']);
    expect(allowedNext('buyer', 'shipped', { cashOnDelivery: true })).toEqual([]);
    expect(allowedNext('buyer', 'processing', { cashOnDelivery: true })).toEqual(['cancelled_by_buyer']);
    expect(allowedNext('admin', 'shipped', { cashOnDelivery: true })).toContain('completed');
  });
});
