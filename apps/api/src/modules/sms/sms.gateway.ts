import { HttpStatus, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors';
import type { AppConfig } from '../../config/app.config';
import { SmsOutbox } from './entities/sms-outbox.entity';

/** Sends one text message to an E.164 number. Implementations: Termii (a key is set) or the outbox (development). */
export abstract class SmsGateway {
  abstract send(to: string, text: string): Promise<void>;
}

const SMS_FAILED = 'We could not send the SMS just now. Please try again in a minute.';

/**
 * Termii's REST API (POST {base}/api/sms/send), the common Nigerian SMS gateway: one HTTP call, no SDK. Termii answers
 * `{ message_id, message: 'Successfully Sent', balance, user }`; anything else (a non-2xx, no message_id, no answer
 * within 10 s) is a 503 `SMS_FAILED`, so a code is never reported sent when it was not.
 */
export class TermiiSmsGateway extends SmsGateway {
  private readonly logger = new Logger('Termii');

  constructor(private readonly termii: AppConfig['verification']['termii'] & { apiKey: string }) {
    super();
  }

  async send(to: string, text: string): Promise<void> {
    const { apiKey, senderId, baseUrl, channel } = this.termii;
    let answer: { message_id?: unknown; message?: unknown } | undefined;
    try {
      const res = await fetch(`${baseUrl}/api/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        // Termii wants the number without its "+".
        body: JSON.stringify({ api_key: apiKey, to: to.replace(/^\+/, ''), from: senderId, sms: text, type: 'plain', channel }),
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await res.json().catch(() => undefined)) as typeof answer;
      if (!res.ok || !answer?.message_id) throw new Error(`HTTP ${res.status}: ${String(answer?.message ?? 'no message id')}`);
    } catch (err) {
      // The number and the error only: the text holds a code.
      this.logger.error(`SMS to ${to} failed: ${(err as Error).message}`);
      throw new DomainError('SMS_FAILED', SMS_FAILED, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}

/**
 * Without a provider: the SMS is a row of `sms_outbox` and, when `logLine` (development and tests), one log line with
 * the number. The text stays out of the log: every text Kasuwa sends holds a code (sign-in, handover), and logs travel
 * further than the table. In production (a demo with ALLOW_SMS_OUTBOX=true) there is no line at all.
 */
export class OutboxSmsGateway extends SmsGateway {
  private readonly logger = new Logger('SmsOutbox');

  constructor(
    private readonly db: DataSource,
    private readonly logLine: boolean,
  ) {
    super();
  }

  async send(to: string, text: string): Promise<void> {
    const row = await this.db.getRepository(SmsOutbox).save({ recipient: to, body: text });
    if (this.logLine) this.logger.log(`Outbox SMS #${row.id} to ${to}`);
  }
}
