import { HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import type { AppConfig } from '../../config/app.config';
import type { DependencyHealth } from '../metrics/dependency-health';
import { tracing } from '../../telemetry';

// The Paystack client is shared by payments (charges) and money (transfers, refunds): infrastructure below both, so
// neither module imports the other for it.

/**
 * What a Paystack call answers when Paystack cannot be reached: 503, the provider is unavailable for now and nothing
 * was written (a refusal by Paystack is PAYSTACK_REFUSED, 502).
 */
export const paystackUnreachable = () =>
  new DomainError(
    'PAYSTACK_UNAVAILABLE',
    'We could not reach the payment provider. Nothing was charged: please try again in a few minutes.',
    HttpStatus.SERVICE_UNAVAILABLE,
  );

/**
 * One call to Paystack's REST API (PAYSTACK_BASE_URL) with the secret key; a network failure is a logged 503. The
 * outcome is recorded for readiness (`paystack: degraded` after a failure, until a call succeeds).
 */
export async function paystackRequest(
  cfg: AppConfig,
  logger: Logger,
  health: DependencyHealth,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const call = async () => {
    let res: Response;
    try {
      res = await fetch(`${cfg.paystack.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${cfg.paystack.secretKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(cfg.paystack.timeoutMs),
      });
    } catch (err) {
      health.record('paystack', false);
      logger.error(`Paystack ${method} ${path.split('?')[0]} failed: ${(err as Error).message}`);
      throw paystackUnreachable();
    }
    health.record('paystack', res.status < 500);
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  if (!tracing) return call();
  // fetch (undici) is not seen by the http instrumentation: the call gets its client span here.
  const url = new URL(`${cfg.paystack.baseUrl}${path.split('?')[0]}`);
  return tracing.client(
    `Paystack ${method} ${url.pathname}`,
    { 'http.request.method': method, 'server.address': url.hostname, 'url.full': url.href },
    async (span) => {
      const answer = await call();
      span.setAttribute('http.response.status_code', answer.status);
      return answer;
    },
  );
}
