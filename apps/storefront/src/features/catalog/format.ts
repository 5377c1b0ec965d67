/** Display helpers for listings (the product constants: names in title case, 'time ago' phrases, en-US dates). */

const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * "tubers of yam (10)" → "Tubers of Yam (10)". Words that already mix case or carry capitals
 * after the first letter ("iPhone", "128GB", "HP") are the seller's spelling and stay as typed.
 */
export function titleCase(text: string): string {
  let index = 0;
  return text.replace(/[^\s]+/g, (word) => {
    const first = index++ === 0;
    if (/[A-Z]/.test(word.slice(1))) return word;
    const lower = word.toLowerCase();
    if (!first && MINOR_WORDS.has(lower)) return lower;
    return word.replace(/^([("'“‘[]*)(\p{L})/u, (_, open: string, c: string) => open + c.toUpperCase());
  });
}

const UNITS: [string, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "3 days ago"; "just now" under a minute. Spelled out rather than Intl.RelativeTimeFormat's
 * identical English: every card shows one, and a phone's first Intl formatter costs tens of milliseconds.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** A Nigerian number as wa.me wants it: digits only, international form (0803… → 234803…). */
export function whatsappDigits(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = `234${digits.slice(1)}`;
  else if (digits.length === 10 && /^[789]/.test(digits)) digits = `234${digits}`;
  return digits.length >= 10 ? digits : null;
}

/** The shareable address of a listing. */
export function productUrl(id: number | string): string {
  // On the server (first render of a product page) the address is relative to the site's own origin.
  const origin = typeof window === 'undefined' ? ((globalThis as { KASUWA_ORIGIN?: string }).KASUWA_ORIGIN ?? '') : window.location.origin;
  return `${origin}/product/${id}`;
}
