import { koboToNaira } from './money';

/** The lowest listing price in naira: the column's own check (price_kobo >= 0). */
export const MIN_PRICE_NAIRA = 0;
/** The highest listing price in naira: the column's own check (price_kobo <= 100000000000); above is a typo, not a price. */
export const MAX_PRICE_NAIRA = 1_000_000_000;

/** A price that is not a naira amount at all ("ten thousand", "45.000.00", three decimals). */
export const PRICE_FORMAT_MESSAGE = 'Enter the price in naira, e.g. 45,000';
/** A naira amount outside the listing limits (a negative one, or past a billion); written out, not built, so nothing runs when the module loads. */
export const PRICE_RANGE_MESSAGE = 'The price must be between ₦0 and ₦1,000,000,000';

/** A typed price read: naira as the API stores it ("45000.00") and its kobo, or what is wrong with it. */
export type PriceReading = { ok: true; naira: string; kobo: number } | { ok: false; problem: 'format' | 'range'; message: string };

const MAX_PRICE_TEXT = 40;
const SUFFIX: Record<string, number> = { k: 3, m: 6 };
/**
 * Optional sign; ₦, N or NGN before (or NGN or "naira" after); whole naira plain ("45000") or grouped in threes by
 * commas or spaces ("45,000", "45 000", not both); up to 2 decimals, or any decimals before k/m ("1.25m").
 */
const NAIRA = /^([-\u2212]?)(?:₦|ngn|n)?([-\u2212]?)(\d+|\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+)(?:\.(\d+))?(k|m)?(?:ngn|naira)?$/;

/**
 * The one reading of a typed naira price, for the product form in both apps and the API's product DTOs: "45000",
 * "45,000", "₦45,000", "N45,000", "NGN 45,000", "45,000.00", " 45 000 ", and the classifieds' shorthand "45k" and
 * "1.2m". Integer arithmetic on the digits (no floating point). Anything else is a format problem; a negative amount
 * or one past ₦1,000,000,000 is a range problem, each with its own message.
 */
export function readNairaPrice(text: string): PriceReading {
  // No way of writing a price needs more; a longer text is not read at all (hostile input stays cheap).
  if (text.length > MAX_PRICE_TEXT) return { ok: false, problem: 'format', message: PRICE_FORMAT_MESSAGE };
  const squeezed = text
    .trim()
    .toLowerCase()
    // Spaces around the sign and currency go; spaces between digit groups stay to be checked as grouping.
    .replace(/\s+/g, ' ')
    .replace(/ (?=\D)/g, '')
    .replace(/(\D) /g, '$1');
  const m = NAIRA.exec(squeezed);
  if (!m || (m[1] && m[2])) return { ok: false, problem: 'format', message: PRICE_FORMAT_MESSAGE };
  const negative = Boolean(m[1] || m[2]);
  const shift = m[5] ? SUFFIX[m[5]] : 0;
  const whole = m[3].replace(/[, ]/g, '');
  const fraction = m[4] ?? '';
  // "1.25m" → 1250000 naira: the decimal point moves `shift` places right; what stays after it must fit in kobo.
  const digits = whole + fraction.padEnd(shift, '0');
  const point = whole.length + shift;
  const naira = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const kobo = digits.slice(point);
  if (kobo.replace(/0+$/, '').length > 2) return { ok: false, problem: 'format', message: PRICE_FORMAT_MESSAGE };
  const tooBig = naira.length > String(MAX_PRICE_NAIRA).length;
  const amount = tooBig ? Infinity : Number(naira) * 100 + Number(kobo.slice(0, 2).padEnd(2, '0'));
  const value = negative ? -amount : amount;
  if (value < MIN_PRICE_NAIRA * 100 || value > MAX_PRICE_NAIRA * 100) return { ok: false, problem: 'range', message: PRICE_RANGE_MESSAGE };
  // Math.abs: "-0" is zero kobo, not minus zero.
  return { ok: true, naira: koboToNaira(Math.abs(value)), kobo: Math.abs(value) };
}
