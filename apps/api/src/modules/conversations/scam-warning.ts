import { PAY_THROUGH_KASUWA_WARNING } from '@kasuwa/contracts';

/**
 * "Pay me directly", the common marketplace scam: a chat message that carries a way to pay or reach the other side
 * outside Kasuwa gets the warning above it, shown to its reader. Nothing is blocked or hidden: the message is kept as
 * written; the warning is computed once when it is stored (reads cost nothing).
 *
 * What counts as bait (the "scam warning" rule):
 * - a Nigerian bank account number (NUBAN: 10 digits, written whole or in groups of 3–4, or digit by digit);
 * - a Nigerian phone number (080…/070…/081…/090…/091…, +234…, 234…), grouped or not;
 * - an e-mail address (also "name at gmail dot com");
 * - a link to a payment page outside Kasuwa (Paystack/Flutterwave pages, PayPal, Selar, shorteners that hide them);
 * - phrases asking to pay or send money outside Kasuwa, in Nigerian English and Pidgin.
 * Prices (₦45,000; 45k; 1 200 000), years, phone models, sizes and order numbers are not bait: digit groups of one
 * or two digits (sizes "40 41 42 43 44") are never joined, and only runs of exactly NUBAN or phone length count.
 */

/** A run of digits, maybe split by spaces, dashes, dots or brackets (how people write numbers to dodge filters). */
const DIGIT_RUN = /\+?\d+(?:[ \-.()]{1,2}\d+)*/g;

/** Letter O for zero inside a number ("O8O3…"): read as 0 only next to a digit. */
const normaliseZeros = (text: string) => text.replace(/(?<=\d)[oO]|[oO](?=\d)/g, '0');

/** The runs that read as one number: groups of 3+ digits (after the first), or every group a single digit. */
function numbersIn(text: string): string[] {
  const out: string[] = [];
  // Kasuwa's own order numbers (KSW-000123) are never a number to pay into.
  for (const m of normaliseZeros(text.replace(/\bKSW-\d+/gi, ' ')).matchAll(DIGIT_RUN)) {
    const groups = m[0].match(/\d+/g) ?? [];
    const plus = m[0].startsWith('+') ? '+' : '';
    const joined = groups.length === 1 || groups.slice(1).every((g) => g.length >= 3) || groups.every((g) => g.length === 1);
    if (joined) out.push(plus + groups.join(''));
    else out.push(...groups);
  }
  return out;
}

const PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;
const NUBAN = /^\d{10}$/;

const EMAIL =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w.]+\s*(?:\(at\)|\[at\]|\bat\b)\s*(?:gmail|yahoo|hotmail|outlook|icloud|ymail)\s*(?:\.|\bdot\b)\s*com\b/i;

/** Payment pages and link shorteners outside Kasuwa (a shortener is how a payment link hides). */
const PAYMENT_LINK =
  /\b(?:https?:\/\/)?(?:[\w-]+\.)*(?:paystack\.(?:com|shop)|flutterwave\.com|flw\.ink|ravepay\.co|paypal\.(?:me|com)|selar\.co|paga\.com|opayweb\.com|bit\.ly|tinyurl\.com|cutt\.ly|rb\.gy)\b|\bhttps?:\/\/\S*(?:pay|checkout|invoice)\S*/i;

/** Pay or send money outside Kasuwa, Nigerian English and Pidgin. Each names money going to the writer directly. */
const PHRASES: RegExp[] = [
  // "pay to/into my account", "pay for my account" (Pidgin "for" = to), "make you pay for my acct"
  /\b(?:pay|paid|send|sent|transfer|drop|credit|deposit|put)\b[\w\s,'’]{0,30}\b(?:to|into|inside|for|in|via|through|on)\s+(?:my|this|dis|our|the\s+(?:below|following))\s+(?:bank\s+)?(?:account|acct|acc|a\/c|bank|number|no\.?|opay|palmpay|kuda|moniepoint|wallet|details)\b/i,
  // "send the money to me", "transfer the money straight to me" (not "send it/am to me": that is the goods)
  /\b(?:send|transfer|pay)\s+(?:the\s+|d\s+|di\s+)?(?:money|cash|payment|balance|funds?|kudi|owo)\s+(?:straight\s+|direct(?:ly)?\s+)?(?:to|for)\s+(?:me|my)\b/i,
  // "pay me directly", "pay am direct", "direct transfer", "pay directly to me"
  /\bpay\s+(?:me|am|us|him|her)?\s*direct(?:ly)?\b|\bdirect\s+(?:transfer|payment|pay)\b|\bpay\s+(?:me\s+)?(?:cash\s+)?outside\b/i,
  // "outside Kasuwa", "no pay through Kasuwa", "don't pay on the app", "avoid Kasuwa charges"
  /\b(?:outside|off|avoid|bypass|no\s+use)\s+(?:of\s+)?(?:kasuwa|the\s+app|this\s+app|dis\s+app|the\s+site|platform)\b/i,
  /\b(?:don'?t|do\s+not|no|no\s+go|never)\s+(?:pay|use|checkout)\s+(?:through|thru|on|for|with|via)\s+(?:kasuwa|the\s+app|this\s+app|dis\s+app|here)\b/i,
  /\bkasuwa\s+(?:go|dey|will|would|they\s+go|dem\s+go)\s+(?:charge|collect|take|chop|hold)\b|\b(?:avoid|save|escape|dodge)\s+(?:the\s+)?(?:kasuwa\s+)?(?:charges?|commission|fees?)\b/i,
  // "my account number is", "acct no:", "account details", "bank details"
  /\b(?:my|this|here\s+is\s+my|here'?s\s+my)\s+(?:bank\s+)?(?:account|acct|acc|a\/c)\s*(?:number|num|no\.?|details|name)\b|\b(?:acct|acc|a\/c)\s*(?:no|num|number)\b|\baccount\s+details\b|\bbank\s+details\b/i,
  // "opay/palmpay/moniepoint/kuda" named as where to send
  /\b(?:send|pay|transfer|drop)\b[\w\s]{0,20}\b(?:opay|palmpay|moniepoint|kuda)\b/i,
];

/** The warning a message's reader sees above it, or null for an ordinary message. */
export function scamWarning(text: string | null | undefined): string | null {
  if (!text) return null;
  return isBait(text) ? PAY_THROUGH_KASUWA_WARNING : null;
}

export function isBait(text: string): boolean {
  if (numbersIn(text).some((n) => NUBAN.test(n) || PHONE.test(n))) return true;
  if (EMAIL.test(text) || PAYMENT_LINK.test(text)) return true;
  return PHRASES.some((p) => p.test(text));
}
