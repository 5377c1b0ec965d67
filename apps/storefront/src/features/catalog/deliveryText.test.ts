import { MIGRATED_DELIVERY } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { deliveryLines } from './deliveryText';

describe('how a listing reaches buyers, on its page', () => {
  it('pickup in its area, each zone served with its fee and days (the LGA by name), pay on delivery', () => {
    expect(
      deliveryLines({
        productLocation: 'Yaba, Lagos',
        lgaName: 'Lagos Mainland',
        delivery: {
          pickup: true,
          sellerDelivery: { lga: { fee: 0, days: 0 }, state: { fee: 3000, days: 1 }, other: null },
          payOnDelivery: true,
        },
      }),
    ).toEqual([
      'Pickup in Yaba, Lagos (free)',
      'Delivery: free to Lagos Mainland, same day',
      'Delivery: ₦3,000.00 to same state, 1 day',
      'Pay on delivery available (cash to the seller’s rider, with seller delivery)',
    ]);
  });

  it('an old listing keeps the product\'s ₦4,500 everywhere; an LGA not known reads "same LGA"', () => {
    expect(deliveryLines({ productLocation: 'Lagos', lgaName: null, delivery: MIGRATED_DELIVERY })).toEqual([
      'Delivery: ₦4,500.00 to same LGA, 1 day',
      'Delivery: ₦4,500.00 to same state, 2 days',
      'Delivery: ₦4,500.00 to other states, 5 days',
    ]);
  });
});
