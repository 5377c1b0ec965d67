import { describe, expect, it } from 'vitest';
import { exportQuery } from './ExportButton';

/** The export downloads what the list shows: the same filters, the date range included. */
describe('the export call’s query', () => {
  it('carries the period, a custom range only with "custom", and the hide-failed switch', () => {
    expect(
      exportQuery({ q: ' Ada ', status: 'successful', type: 'refund', period: 'last_month', from: '2026-01-01', hideFailed: true }),
    ).toBe('?search=Ada&status=successful&type=refund&period=last_month&hideFailed=true');
    expect(exportQuery({ period: 'custom', from: '2026-11-01', to: '2026-11-27' })).toBe('?period=custom&from=2026-11-01&to=2026-11-27');
    expect(exportQuery({ hideFailed: false })).toBe('');
  });
});
