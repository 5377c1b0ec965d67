/**
 * Date formatting for both front ends (the product constants: en-US long or short form). Nigerian time everywhere, so the
 * server-rendered page, the buyer's phone and the back office print the same day at midnight.
 */
export const TIME_ZONE = 'Africa/Lagos';

/** A formatter made on first use: loading this module (every page's) must not pay for Intl's locale data. */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', { ...options, timeZone: TIME_ZONE }));
}
const shortDate = lazyFormat({ dateStyle: 'medium' });
const longDate = lazyFormat({ dateStyle: 'long' });
const dateTime = lazyFormat({ dateStyle: 'medium', timeStyle: 'short' });
const monthYear = lazyFormat({ year: 'numeric', month: 'long' });
// en-GB: day before month and a 24-hour clock, the way Nigerian staff write a time.
let stamp: Intl.DateTimeFormat | undefined;
const stampFormat = () =>
  (stamp ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }));

function formatWith(format: () => Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : format().format(d);
}

/** "Nov 22, 2026" (short form: tables, cards); '' for a missing or unreadable date. */
export const formatShortDate = (iso: string | null | undefined): string => formatWith(shortDate, iso);

/** "November 22, 2026" (long form). */
export const formatLongDate = (iso: string | null | undefined): string => formatWith(longDate, iso);

/** "Nov 22, 2026, 12:28 PM" (events: order history, payments, messages). */
export const formatDateTime = (iso: string | null | undefined): string => formatWith(dateTime, iso);

/** "November 2026" ("member since"). */
export const formatMonthYear = (iso: string | null | undefined): string => formatWith(monthYear, iso);

/** "27 Nov 2026, 14:05" in Lagos time: the back office's one date format (lists, pages, queues); '' when missing. */
export const formatStamp = (iso: string | null | undefined): string => formatWith(stampFormat, iso);
