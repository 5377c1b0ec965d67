import { groupThousands } from './money';
import { MAX_PRICE_NAIRA, MIN_PRICE_NAIRA, PRICE_FORMAT_MESSAGE, PRICE_RANGE_MESSAGE, readNairaPrice } from './price';

describe('readNairaPrice: the product form and the API read a typed price the same way', () => {
  it.each([
    ['45000', '45000.00'],
    ['45,000', '45000.00'],
    ['₦45,000', '45000.00'],
    ['N45,000', '45000.00'],
    ['n45000', '45000.00'],
    ['NGN 45,000', '45000.00'],
    ['₦ 45,000.00', '45000.00'],
    ['45,000.00', '45000.00'],
    [' 45 000 ', '45000.00'],
    ['45\u00a0000', '45000.00'], // a no-break space, as a phone keyboard or a pasted price may give
    ['45000 naira', '45000.00'],
    ['45k', '45000.00'],
    ['45K', '45000.00'],
    ['₦1.2m', '1200000.00'],
    ['1.25M', '1250000.00'],
    ['2.5k', '2500.00'],
    ['1,250.5', '1250.50'],
    ['0.29', '0.29'],
    ['007', '7.00'],
    ['0', '0.00'],
    ['1,000,000,000', '1000000000.00'],
    ['1000000000.00', '1000000000.00'],
  ])('reads %j as ₦%s', (typed, naira) => {
    const read = readNairaPrice(typed);
    expect(read).toEqual({ ok: true, naira, kobo: Number(naira.replace('.', '')) });
  });

  it.each([
    '',
    ' ',
    'ten thousand',
    'abc',
    '12a',
    '1e5',
    '45,00',
    '4,5000',
    '45.000.00',
    '45,000 000',
    '100.555',
    '1.2345678m5',
    '45.',
    '.5',
    '₦',
    'k',
    '--5',
    '₦45,000₦',
    '0x10',
    '1.2.3m',
  ])('refuses %j as not a naira amount', (typed) => {
    expect(readNairaPrice(typed)).toEqual({ ok: false, problem: 'format', message: 'Enter the price in naira, e.g. 45,000' });
  });

  it.each(['-5', '−5', '-₦45,000', '₦-1', '1000000000.01', '1,000,000,001', '9999999999', '1001m', '99999999999999999999999'])(
    'refuses %j as out of range, naming the limits',
    (typed) => {
      expect(readNairaPrice(typed)).toEqual({ ok: false, problem: 'range', message: 'The price must be between ₦0 and ₦1,000,000,000' });
    },
  );

  it('keeps kobo exact where floating point would not (0.29 × 100, 1.2345678m)', () => {
    expect(readNairaPrice('0.29')).toMatchObject({ kobo: 29 });
    expect(readNairaPrice('1.2345678m')).toEqual({ ok: true, naira: '1234567.80', kobo: 123456780 });
    expect(readNairaPrice('1.23456789m')).toMatchObject({ ok: true, naira: '1234567.89' });
    expect(readNairaPrice('1.234567891m')).toMatchObject({ ok: false, problem: 'format' });
  });

  it('the messages name the real limits', () => {
    expect(PRICE_RANGE_MESSAGE).toBe(
      `The price must be between ₦${groupThousands(MIN_PRICE_NAIRA)} and ₦${groupThousands(MAX_PRICE_NAIRA)}`,
    );
    expect(PRICE_FORMAT_MESSAGE).not.toBe(PRICE_RANGE_MESSAGE);
  });
});
