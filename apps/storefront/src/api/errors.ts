import type { ApiErrorBody, FieldError } from '@kasuwa/contracts';
import type { AxiosError } from 'axios';

/** axios's own test (an object marked isAxiosError), without loading axios for it. */
function isAxiosError(err: unknown): err is AxiosError {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** An API failure after the central handler (spec §8) has turned it into one human-readable text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((e) => typeof e === 'object' && e !== null && 'field' in e && 'message' in e)
  );
}

/**
 * Spec §8: a 422 with a list in `error` becomes "field: message" lines; otherwise the server's
 * `message`; otherwise the call-specific fallback; otherwise a generic text. When no answer came
 * back at all, the HTTP client's own text ("Network Error", "timeout of …") is the best we have.
 */
export function describeError(err: unknown, fallback?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isAxiosError(err)) {
    const status = err.response?.status ?? null;
    const body = err.response?.data as Partial<ApiErrorBody> | undefined;
    if (status === 422 && isFieldErrorList(body?.error)) {
      const lines = body.error.map((e) => `${e.field}: ${e.message}`);
      return new ApiError(lines.join('\n'), status, body.error);
    }
    const serverMessage = body?.message as unknown;
    if (typeof serverMessage === 'string' && serverMessage.trim()) {
      return new ApiError(serverMessage, status);
    }
    if (Array.isArray(serverMessage) && serverMessage.length) {
      return new ApiError(serverMessage.map(String).join('\n'), status);
    }
    if (!err.response && err.message) return new ApiError(err.message, null);
    return new ApiError(fallback || DEFAULT_ERROR_MESSAGE, status);
  }
  if (err instanceof Error && err.message) return new ApiError(err.message);
  return new ApiError(fallback || DEFAULT_ERROR_MESSAGE);
}
