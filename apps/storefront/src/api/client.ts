import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { toast } from '../app/toast';
import { clearSession, getAccessToken } from '../features/auth/session';
import type { FieldLabels } from '@kasuwa/ui/errorText';
import { ApiError, describeError } from './errors';

/** Per-call options of the central handler (the product error texts). */
export interface CallOptions {
  /** Text shown when the server gives no message of its own. */
  fallbackMessage?: string;
  /** The screen shows the error itself, so skip the toast. */
  silent?: boolean;
  /** Fail with 'Not authenticated' before calling when no token is stored (the product validation rules). */
  requiresAuth?: boolean;
  /** The form's labels for the fields a 422 names (the toast reads "Photos: …", not "productImages: …"). */
  fieldLabels?: FieldLabels;
}

/**
 * The single HTTP client. No default timeout (the product error texts): on slow prepaid data a large upload may
 * legitimately take minutes, and the browser still surfaces real network failures. Loaded on the
 * first call: a page that arrives rendered with its data does not download it before it is needed.
 */
let client: Promise<AxiosInstance> | null = null;
export function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const http = axios.create({ baseURL: '/api' });
    http.interceptors.request.use((config) => {
      const token = getAccessToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    http.interceptors.response.use(undefined, (err: unknown) => {
      // A stored token the server rejects (expired, account deleted) must not keep the UI "signed in":
      // login state is judged by token presence, so drop it. Auth calls answer 401 for bad passwords.
      if (axios.isAxiosError(err) && err.response?.status === 401) {
        const sentToken = Boolean(err.config?.headers?.get?.('Authorization'));
        const isAuthCall = (err.config?.url ?? '').startsWith('/auth/');
        if (sentToken && !isAuthCall) clearSession();
      }
      return Promise.reject(err);
    });
    return http;
  });
  return client;
}

/** Runs one call through the central error handler: returns the body or throws an ApiError. */
export async function call<T>(config: AxiosRequestConfig, options: CallOptions = {}): Promise<T> {
  try {
    if (options.requiresAuth && !getAccessToken()) throw new ApiError('Not authenticated', 401);
    const res = await (await httpClient()).request<T>(config);
    return res.data;
  } catch (err) {
    const apiError = describeError(err, options.fallbackMessage, options.fieldLabels);
    if (!options.silent) toast.error(apiError.message);
    throw apiError;
  }
}
