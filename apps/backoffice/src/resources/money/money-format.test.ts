import { describe, expect, it } from 'vitest';
import { naira, when } from './money-format';

describe('back-office money and dates', () => {
  it('a negative amount reads "−₦38,000.00" (a minus before the currency), never "₦-38,000.00"', () => {
    expect(naira('-3800000')).toBe('\u2212₦38,000.00');
    expect(naira('3800000')).toBe('₦38,000.00');
    expect(naira(null)).toBe('—');
  });

  it('one date format everywhere: "27 Nov 2026, 14:05" in Lagos time, whatever the browser’s zone', () => {
    expect(when('2026-11-27T13:05:00.000Z')).toBe('27 Nov 2026, 14:05');
    expect(when('2026-11-22T23:30:00.000Z')).toBe('23 Nov 2026, 00:30');
    expect(when(null)).toBe('—');
  });
});
