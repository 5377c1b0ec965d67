import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { MailOutbox } from './entities/mail-outbox.entity';

/** Sends mail over SMTP_URL; without it, records the mail in the outbox and logs it (status `logged`). */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
  ) {
    if (cfg.mail.smtpUrl) this.transport = createTransport(cfg.mail.smtpUrl);
  }

  async send(to: string, subject: string, body: string): Promise<void> {
    const row = await this.outbox.save(this.outbox.create({ recipient: to, subject, body, status: this.transport ? 'queued' : 'logged' }));
    if (!this.transport) {
      this.logger.log(`Outbox mail #${row.id} to ${to}: ${subject}\n${body}`);
      return;
    }
    // Delivered in the background: the caller's answer must not wait on (or reveal, by its timing) the SMTP round trip.
    void this.deliver(row.id, this.transport, to, subject, body);
  }

  private async deliver(id: number, transport: Transporter, to: string, subject: string, body: string): Promise<void> {
    try {
      await transport.sendMail({ from: this.cfg.mail.from, to, subject, text: body });
      await this.outbox.update(id, { status: 'sent', sentAt: new Date() });
    } catch (err) {
      // The caller's action (e.g. a reset request) still succeeds; the failure is kept for an admin to see.
      this.logger.error(`Mail #${id} to ${to} failed: ${(err as Error).message}`);
      await this.outbox.update(id, { status: 'failed', error: (err as Error).message }).catch(() => undefined);
    }
  }

  /** Absolute link into the product, always built from PUBLIC_URL (never from a request). */
  link(path: string, query: Record<string, string>): string {
    return `${this.cfg.app.publicUrl}${path}?${new URLSearchParams(query).toString()}`;
  }
}
