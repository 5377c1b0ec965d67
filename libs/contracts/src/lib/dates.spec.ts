import { formatDateTime, formatLongDate, formatMonthYear, formatShortDate, formatStamp } from './dates';

describe('dates', () => {
  // 23:30 UTC on Nov 22 is already Nov 23 in Lagos (UTC+1): every format prints Lagos's day.
  const lateEvening = '2026-11-22T23:30:00.000Z';

  it('prints the short, long, date-time and month forms in Lagos time', () => {
    expect(formatShortDate(lateEvening)).toBe('Nov 23, 2026');
    expect(formatLongDate(lateEvening)).toBe('November 23, 2026');
    expect(formatDateTime(lateEvening)).toBe('Nov 23, 2026, 12:30 AM');
    expect(formatMonthYear(lateEvening)).toBe('November 2026');
  });

  it('the back office stamp: day, short month, year and a 24-hour Lagos time', () => {
    expect(formatStamp('2026-11-27T13:05:00.000Z')).toBe('27 Nov 2026, 14:05');
    expect(formatStamp(lateEvening)).toBe('23 Nov 2026, 00:30');
    expect(formatStamp(null)).toBe('');
  });

  it.each([null, undefined, '', 'not a date'])('prints nothing for %j', (v) => {
    expect(formatShortDate(v)).toBe('');
    expect(formatDateTime(v)).toBe('');
  });
});
