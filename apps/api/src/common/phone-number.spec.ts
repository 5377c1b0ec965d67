import { nigerianE164 } from './phone-number';

describe('nigerianE164', () => {
  it.each(['08031234567', '+2348031234567', '2348031234567', '0803 123 4567', '+234 (803) 123-4567'])(
    'reads %s as +2348031234567',
    (input) => {
      expect(nigerianE164(input)).toBe('+2348031234567');
    },
  );

  it.each(['07061234567', '09021234567', '08121234567', '09121234567'])('accepts the other networks (%s)', (input) => {
    expect(nigerianE164(input)).toMatch(/^\+234[789][01]\d{8}$/);
  });

  it.each(['', '0803123456', '080312345678', '+4478031234567', '06031234567', '2340803123456', 'abc', '+234803123456x', '00348031234567'])(
    'refuses %p',
    (input) => {
      expect(nigerianE164(input)).toBeNull();
    },
  );
});
