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

const grouped2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one money format, everywhere a price or total is shown (cards, product page, cart, checkout, orders, back
 * office): "₦15,000.00".
 */
export function formatNaira(amount: string | number): string {
  return `₦${grouped2.format(Number(amount))}`;
}

/** Order money: the same naira format; a currency other than NGN (none today) is named by its code. */
export function formatOrderMoney(amount: string | number, currency = 'NGN'): string {
  if (currency === 'NGN') return formatNaira(amount);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' }).format(Number(amount));
}
