import type { FieldError } from '@kasuwa/contracts';

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((e) => typeof e === 'object' && e !== null && 'field' in e && 'message' in e)
  );
}

/** The field errors of a 422 answer ({field, message} list), or undefined when the body carries none. */
export function fieldErrorList(body: unknown): FieldError[] | undefined {
  const list = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return isFieldErrorList(list) ? list : undefined;
}

/**
 * The text to show for an API error body (spec §8), the same in both apps: a 422's list as "field: message" lines;
 * otherwise the server's `message` (a list of texts one per line); otherwise the caller's fallback.
 */
export function errorText(body: unknown, fallback = ''): string {
  const fields = fieldErrorList(body);
  if (fields) return fields.map((e) => `${e.field}: ${e.message}`).join('\n');
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return message.map(String).join('\n');
  return fallback;
}
