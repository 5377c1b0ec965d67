import { invalidField } from '../../common/errors';

/** Nigeria keeps West Africa Time all year (UTC+1, no daylight saving): a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET = '+01:00';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const PERIODS = ['this_month', 'last_month', 'custom'] as const;

/** The first instant of a Lagos calendar day `YYYY-MM-DD`. */
const lagosStart = (day: string) => new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
const lagosToday = (now: Date) => new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

function monthStart(day: string, addMonths: number): string {
  const [y, m] = day.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + addMonths, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * A date range of the transactions list and export, in Lagos days: `period` this_month / last_month, or `from` / `to`
 * (YYYY-MM-DD, both included; either may be left open). Answers [from, to) instants; bad input is a 422 on the field.
 */
export function transactionRange(q: { period?: string; from?: string; to?: string }, now = new Date()): { from?: Date; to?: Date } {
  const period = q.period?.trim();
  if (period && period !== 'custom') {
    if (period !== 'this_month' && period !== 'last_month') throw invalidField('period', 'period is this_month, last_month or custom.');
    const thisMonth = monthStart(lagosToday(now), 0);
    const start = period === 'this_month' ? thisMonth : monthStart(thisMonth, -1);
    return { from: lagosStart(start), to: lagosStart(monthStart(start, 1)) };
  }
  const day = (field: 'from' | 'to', value: string | undefined) => {
    const v = value?.trim();
    if (!v) return undefined;
    // A real calendar day: 2026-02-30 is not one.
    if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) !== v) {
      throw invalidField(field, `${field} is a date like 2026-11-27.`);
    }
    return v;
  };
  const from = day('from', q.from);
  const to = day('to', q.to);
  if (from && to && from > to) throw invalidField('to', 'The end date is before the start date.');
  return { from: from ? lagosStart(from) : undefined, to: to ? new Date(lagosStart(to).getTime() + 86_400_000) : undefined };
}
