import type { Order } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { canOpenDispute } from './DisputePanel';

const DAY = 86_400_000;
const now = Date.parse('2026-11-20T12:00:00Z');
const order = (status: string, deliveredDaysAgo: number | null, paid = true) =>
  ({
    status,
    paidAt: paid ? new Date(now - 10 * DAY).toISOString() : null,
    history: deliveredDaysAgo === null ? [] : [{ status: 'delivered', createdAt: new Date(now - deliveredDaysAgo * DAY).toISOString() }],
  }) as unknown as Order;

describe('the buyer may open a dispute while the money is held, until 7 days after delivery', () => {
  it('on a paid order on its way or delivered within the window', () => {
    expect(canOpenDispute(order('shipped', null), now)).toBe(true);
    expect(canOpenDispute(order('delivered', 6.9), now)).toBe(true);
  });
  it('not after the window, not unpaid, not once the buyer confirmed (the money went to the seller)', () => {
    expect(canOpenDispute(order('delivered', 7.1), now)).toBe(false);
    expect(canOpenDispute(order('shipped', null, false), now)).toBe(false);
    expect(canOpenDispute(order('received_by_buyer', 1), now)).toBe(false);
    expect(canOpenDispute(order('completed', 1), now)).toBe(false);
  });
});
