/**
 * A Nigerian mobile number in any usual form (`0803 123 4567`, `+2348031234567`, `2348031234567`, with spaces, dashes
 * or brackets) as E.164 (`+2348031234567`), or null when it is not one. Nigerian mobile numbers are 0 + 10 digits
 * whose first is 7, 8 or 9 (070…, 080…, 081…, 090…, 091…).
 */
export function nigerianE164(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const m = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return m ? `+234${m[1]}` : null;
}
