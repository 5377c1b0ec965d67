import { HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import type { AppConfig } from '../../config/app.config';
import { tracing } from '../../telemetry';

/** The 502 every Paystack call answers when Paystack cannot be reached. */
export const paystackUnreachable = () => new DomainError('PAYSTACK_UNAVAILABLE', 'We could not reach the payment provider. Please try again.', HttpStatus.BAD_GATEWAY);

/** One call to Paystack's REST API (PAYSTACK_BASE_URL) with the secret key; a network failure is a logged 502. */
export async function paystackRequest(
  cfg: AppConfig,
  logger: Logger,
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
      logger.error(`Paystack ${method} ${path.split('?')[0]} failed: ${(err as Error).message}`);
      throw paystackUnreachable();
    }
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  if (!tracing) return call();
  // fetch (undici) is not seen by the http instrumentation: the call gets its client span here.
  const url = new URL(`${cfg.paystack.baseUrl}${path.split('?')[0]}`);
  return tracing.client(`Paystack ${method} ${url.pathname}`, { 'http.request.method': method, 'server.address': url.hostname, 'url.full': url.href }, async (span) => {
    const answer = await call();
    span.setAttribute('http.response.status_code', answer.status);
    return answer;
  });
}
