import { HttpStatus, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors';
import type { AppConfig } from '../../config/app.config';

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
}
