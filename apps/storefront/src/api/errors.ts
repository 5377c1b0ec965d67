import type { FieldError } from '@kasuwa/contracts';
import { errorText, fieldErrorList, type FieldLabels } from '@kasuwa/ui/errorText';
import type { AxiosError } from 'axios';

/** axios's own test (an object marked isAxiosError), without loading axios for it. */
function isAxiosError(err: unknown): err is AxiosError {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** An API failure after the central handler (the product error texts) has turned it into one human-readable text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly fieldErrors: FieldError[] = [],
    /** The answer's error code (clients branch on it, never on the message). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The product error texts: a 422 with a list in `error` becomes "Label: message" lines (the form's `labels`, else each field's name in
 * words, never the raw key); otherwise the server's `message`; otherwise the call-specific fallback; otherwise a
 * generic text. When no answer came back at all, the HTTP client's own text ("Network Error", "timeout of …") is the
 * best we have.
 */
export function describeError(err: unknown, fallback?: string, labels?: FieldLabels): ApiError {
  if (err instanceof ApiError) return err;
  if (isAxiosError(err)) {
    const status = err.response?.status ?? null;
    const body: unknown = err.response?.data;
    const fields = status === 422 ? fieldErrorList(body) : undefined;
    const text = errorText(fields ? body : { message: (body as { message?: unknown } | undefined)?.message }, '', labels);
    const rawCode = (body as { code?: unknown } | undefined)?.code;
    const code = typeof rawCode === 'string' ? rawCode : null;
    if (text) return new ApiError(text, status, fields, code);
    if (!err.response && err.message) return new ApiError(err.message, null);
    return new ApiError(fallback || DEFAULT_ERROR_MESSAGE, status);
  }
  if (err instanceof Error && err.message) return new ApiError(err.message);
  return new ApiError(fallback || DEFAULT_ERROR_MESSAGE);
}
