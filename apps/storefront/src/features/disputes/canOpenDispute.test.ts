import type { Order } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { canOpenDispute } from './DisputePanel';

const DAY = 86_400_000;
const now = Date.parse('2026-11-20T12:00:00Z');
const order = (status: string, releaseInDays: number | null, paid = true, released = false) =>
  ({
    status,
    paidAt: paid ? new Date(now - 10 * DAY).toISOString() : null,
    releaseAt: releaseInDays === null ? null : new Date(now + releaseInDays * DAY).toISOString(),
    releasedAt: released ? new Date(now - DAY).toISOString() : null,
    history: [],
  }) as unknown as Order;

describe('the buyer may open a dispute any time before the money is released (releaseAt), never after', () => {
  it('on a paid order on its way, or delivered and before its releaseAt', () => {
    expect(canOpenDispute(order('shipped', null), now)).toBe(true);
    expect(canOpenDispute(order('delivered', 0.01), now)).toBe(true);
  });
  it('not at or after releaseAt, not unpaid, not once the money went to the seller', () => {
    expect(canOpenDispute(order('delivered', 0), now)).toBe(false);
    expect(canOpenDispute(order('delivered', -0.1), now)).toBe(false);
    expect(canOpenDispute(order('shipped', null, false), now)).toBe(false);
    expect(canOpenDispute(order('received_by_buyer', 6, true, true), now)).toBe(false);
    expect(canOpenDispute(order('completed', 6), now)).toBe(false);
  });
});
