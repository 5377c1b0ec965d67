/** Money helpers. The API stores kobo (integer) and returns naira as a two-decimal string. */

export const KOBO_PER_NAIRA = 100;
/** Delivery fee in naira, paid to the rider on receipt (never charged online). */
export const DELIVERY_FEE_NAIRA = 4500;

/** "15000.00" → 1500000. Throws on anything that is not a non-negative amount with at most 2 decimals. */
export function nairaToKobo(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`Not a naira amount: ${value}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** 1500000 → "15000.00" */
export function koboToNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 1234567 → "1,234,567" (en-US grouping). Plain string work, not Intl.NumberFormat: a phone's first Intl
 * formatter loads locale data for tens of milliseconds, in the middle of showing the first page of prices.
 */
export function groupThousands(digits: string | number): string {
  return String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The one money format, everywhere a price or total is shown (cards, product page, cart, checkout, orders, back
 * office): "₦15,000.00". A negative amount (what a seller owes, a refund taken back) puts the sign before the currency,
 * as a typographic minus (U+2212, the width of a plus, not a hyphen): "−₦38,000.00".
 */
export function formatNaira(amount: string | number): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `₦${value}`;
  const [whole, kobo] = Math.abs(value).toFixed(2).split('.');
  // -0.001 rounds to "0.00": no sign on a zero.
  const negative = value < 0 && (whole !== '0' || kobo !== '00');
  return `${negative ? '\u2212' : ''}₦${groupThousands(whole)}.${kobo}`;
}

/** Order money: the same naira format; a currency other than NGN (none today) is named by its code. */
export function formatOrderMoney(amount: string | number, currency = 'NGN'): string {
  if (currency === 'NGN') return formatNaira(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(Number(amount));
}
