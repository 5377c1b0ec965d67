import { formatDateTime, formatNaira, formatShortDate } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorText } from './errorText';

describe('money and dates print the same in both apps', () => {
  it('money: naira sign, grouping, two decimals', () => {
    expect(formatNaira('1500000')).toBe('₦1,500,000.00');
    expect(formatNaira(19.5)).toBe('₦19.50');
  });

  it('dates: Lagos time, short and with time', () => {
    render(<time dateTime="2026-11-22T23:30:00Z">{formatShortDate('2026-11-22T23:30:00Z')}</time>);
    expect(screen.getByText('Nov 23, 2026')).toBeTruthy();
    expect(formatDateTime('2026-11-22T11:05:00Z')).toBe('Nov 22, 2026, 12:05 PM');
  });

  it('error text: 422 field lines (each under its label), else the message, else the fallback', () => {
    expect(
      errorText({
        message: 'Validation failed',
        error: [
          { field: 'email', message: 'is taken' },
          { field: 'phoneNumber', message: 'is short' },
        ],
      }),
    ).toBe('Email: is taken\nPhone number: is short');
    expect(errorText({ message: 'Order not found', code: 'ORDER_NOT_FOUND' })).toBe('Order not found');
    expect(errorText({ message: '' }, 'Failed to load')).toBe('Failed to load');
    expect(errorText(null, 'Failed to load')).toBe('Failed to load');
  });
});
