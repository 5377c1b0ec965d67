import { HttpError } from 'react-admin';
import { isErrorCode, type ErrorCode } from '@kasuwa/contracts';

/**
 * The text to show for a failed call (the product error texts): what the API said (already as 'field: message'
 * lines for a 422), else the call's fallback. A network failure keeps the browser's own text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return apiMessage(error) || fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * What the API itself said about a failure ('' when its answer carried no message, e.g. a bare 500,
 * where the HTTP status text would only add noise under a fixed spec text).
 */
export function apiMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return '';
  const body = error.body as { message?: unknown } | null | undefined;
  return body && typeof body.message === 'string' && body.message ? error.message : '';
}

/** The API's code for a failed call (docs/api-conventions.md "Error codes"): what to branch on, never the message. Null when none came back. */
export function errorCode(error: unknown): ErrorCode | null {
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : null;
}
