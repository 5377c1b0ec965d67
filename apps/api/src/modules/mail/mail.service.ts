import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { JobsService } from '../jobs/jobs.service';
import { DependencyHealth } from '../metrics/dependency-health';
import { tracing } from '../../telemetry';
import { MailOutbox } from './entities/mail-outbox.entity';
import type { MailOutboxRow } from '../../database/rows.generated';

export const MAIL_JOB = 'mail-deliver';

/**
 * Every mail is a row of the outbox. With SMTP_URL it is delivered by a durable job (retried with backoff, survives a
 * deploy or crash); without it, the mail is logged and the row says `logged`.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly jobs: JobsService,
    private readonly health: DependencyHealth,
  ) {
    if (cfg.mail.smtpUrl) this.transport = createTransport(cfg.mail.smtpUrl);
    jobs.define({ name: MAIL_JOB, run: ({ id }) => this.deliver(id), retryLimit: 8, retryDelaySeconds: 30 });
  }

  /**
   * Records the mail and enqueues its delivery. Pass the `em` of the transaction that causes the mail: the mail then
   * goes out if and only if that transaction commits. The caller never waits on SMTP. `secret`: the body holds a code
   * that money depends on (a handover code), so even the development log line leaves it out (the outbox row has it).
   */
  async send(to: string, subject: string, body: string, em?: EntityManager, opts: { secret?: boolean } = {}): Promise<void> {
    // RFC 2606: `.invalid` never resolves (a phone-first account's placeholder address): nothing to send.
    if (to.endsWith('.invalid')) return;
    if (!em) return this.db.transaction((tx) => this.send(to, subject, body, tx, opts));
    const status = this.transport ? 'queued' : 'logged';
    const row = await em.getRepository(MailOutbox).save(em.getRepository(MailOutbox).create({ recipient: to, subject, body, status }));
    if (!this.transport)
      this.logger.log(
        `Outbox mail #${row.id} to ${to}: ${subject}\n${opts.secret ? '(the body holds a code: read it in mail_outbox)' : body}`,
      );
    else await this.jobs.send(MAIL_JOB, { id: row.id }, { em });
  }

  /**
   * send() for many mails in the caller's transaction, in one statement (the money clock tells thousands in one run):
   * the same outbox rows, log lines and delivery jobs.
   */
  async sendMany(mails: { to: string; subject: string; body: string }[], em: EntityManager): Promise<void> {
    const real = mails.filter((m) => !m.to.endsWith('.invalid'));
    if (!real.length) return;
    const status = this.transport ? 'queued' : 'logged';
    const rows = await em.query<Pick<MailOutboxRow, 'id'>[]>(
      `INSERT INTO mail_outbox (recipient, subject, body, status) SELECT t.*, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS t RETURNING id`,
      [real.map((m) => m.to), real.map((m) => m.subject), real.map((m) => m.body), status],
    );
    if (!this.transport)
      rows.forEach((r, i) => this.logger.log(`Outbox mail #${r.id} to ${real[i].to}: ${real[i].subject}\n${real[i].body}`));
    else
      await this.jobs.sendMany(
        MAIL_JOB,
        rows.map((r) => ({ id: r.id })),
        em,
      );
  }

  /** The job: sends one outbox row unless it is already sent (a job may run twice), under a Message-ID of its own. */
  private async deliver(id: number): Promise<void> {
    const outbox = this.db.getRepository(MailOutbox);
    const mail = await outbox.findOneBy({ id });
    if (!mail || mail.status === 'sent' || !this.transport) return;
    try {
      // The same Message-ID on every try: should a try be cut off after the server took the mail, a second one is recognisably the same mail.
      const message = {
        from: this.cfg.mail.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        messageId: `<outbox-${id}@${new URL(this.cfg.app.publicUrl).hostname}>`,
      };
      const transport = this.transport;
      // SMTP is a plain socket, which no instrumentation sees: with tracing, the delivery gets its client span here.
      await (tracing
        ? tracing.client('SMTP send', { 'kasuwa.mail_id': id }, () => transport.sendMail(message))
        : transport.sendMail(message));
    } catch (err) {
      this.health.record('smtp', false);
      this.logger.error(`Mail #${id} to ${mail.recipient} failed: ${(err as Error).message}`);
      await this.db.query(`UPDATE mail_outbox SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'sent'`, [
        id,
        (err as Error).message,
      ]);
      throw err;
    }
    this.health.record('smtp', true);
    await this.db.query(`UPDATE mail_outbox SET status = 'sent', sent_at = now(), error = NULL WHERE id = $1`, [id]);
  }

  /** Absolute link into the product, always built from PUBLIC_URL (never from a request). */
  link(path: string, query: Record<string, string>): string {
    return `${this.cfg.app.publicUrl}${path}?${new URLSearchParams(query).toString()}`;
  }
}
