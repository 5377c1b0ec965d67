import { STORAGE_KEYS } from '@kasuwa/contracts';
import { errorText, fieldErrorList } from '@kasuwa/ui/errorText';

export { errorText };

/** The admin JWT lives in local storage under the product's key, separate from the user token. */
export const tokenStore = {
  get: (): string | null => localStorage.getItem(STORAGE_KEYS.adminToken),
  set: (token: string): void => localStorage.setItem(STORAGE_KEYS.adminToken, token),
  clear: (): void => localStorage.removeItem(STORAGE_KEYS.adminToken),
};

/** An API answer that was not 2xx, with the text the product's central handler would show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Field errors of a 422 answer, keyed by field, in the shape react-admin forms understand. */
export function fieldErrors(body: unknown): Record<string, string> | undefined {
  const list = fieldErrorList(body);
  return list && Object.fromEntries(list.map((e) => [e.field, e.message]));
}

/**
 * JSON call to the API. Throws ApiError for HTTP failures; a network failure surfaces as the
 * browser's TypeError so callers can tell "the server said no" from "no answer at all".
 */
export async function apiJson<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw new ApiError(errorText(json), res.status, json);
  return json as T;
}

/** The message to show for a failed call: the API's text, else the fallback. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
