import { formatNaira, formatOrderMoney, koboToNaira, nairaToKobo } from './money';

describe('money', () => {
  it('converts naira strings to integer kobo without floating point', () => {
    expect(nairaToKobo('15000')).toBe(1_500_000);
    expect(nairaToKobo('15000.5')).toBe(1_500_050);
    expect(nairaToKobo('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(' 7.05 ')).toBe(705);
  });

  it.each(['-1', '1.234', 'abc', '', '1e5', '1,000'])('refuses %j', (v) => {
    expect(() => nairaToKobo(v)).toThrow(/Not a naira amount/);
  });

  it('prints kobo as a two-decimal naira string', () => {
    expect(koboToNaira(1_500_000)).toBe('15000.00');
    expect(koboToNaira(5)).toBe('0.05');
    expect(koboToNaira(-250)).toBe('-2.50');
  });

  it('one money format for cards, the cart, checkout and orders (the product constants)', () => {
    expect(formatNaira('15000.00')).toBe('₦15,000.00');
    expect(formatNaira(4500)).toBe('₦4,500.00');
    expect(formatOrderMoney('15000', 'NGN')).toBe(formatNaira('15000'));
    expect(formatOrderMoney('0.5')).toBe('₦0.50');
    // The same text as en-US Intl grouping, without Intl (no locale data to load on a phone).
    for (const n of [0, 7, 999.995, 1000, 123456.5, 1234567.891, 99999999999.99]) {
      expect(formatNaira(n)).toBe(`₦${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`);
    }
  });

  it('a negative amount: a typographic minus before the currency, never "₦-"', () => {
    expect(formatNaira(-38000)).toBe('\u2212₦38,000.00');
    expect(formatNaira('-2500.5')).toBe('\u2212₦2,500.50');
    expect(formatNaira(koboToNaira(-3800000))).toBe('\u2212₦38,000.00');
    expect(formatNaira(-0.001)).toBe('₦0.00');
  });
});
