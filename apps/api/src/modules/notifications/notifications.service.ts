import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_TYPES, type AppNotification, type EmailPreferences, type NotificationType } from '@kasuwa/contracts';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { MailService } from '../mail/mail.service';
import type { AppUserRow, NotificationRow } from '../../database/rows.generated';

export interface NotifyInput {
  type: NotificationType;
  title: string;
  body?: string;
  /** Storefront path, e.g. `/inbox/12`. */
  link?: string;
  /** Also e-mail it (when the user has this type on); the body gets the link and an unsubscribe link. */
  email?: boolean;
  /** The e-mail's own subject and text when they differ from the bell's title and body (+ link). */
  emailSubject?: string;
  emailText?: string;
}

/** The notification centre: in-app rows, e-mail by per-type preference, and unsubscribe links that need no sign-in. */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly mail: MailService,
  ) {}

  /**
   * Records a notification and e-mails it if asked and wanted, both inside the caller's transaction when `em` is given
   * (the mail is an outbox row: it goes out if and only if that transaction commits).
   */
  async notify(userId: number, n: NotifyInput, em?: EntityManager): Promise<void> {
    await (em ?? this.db).query(`INSERT INTO notification (user_id, type, title, body, link) VALUES ($1, $2, $3, $4, $5)`, [
      userId,
      n.type,
      n.title.slice(0, 200),
      (n.body ?? '').slice(0, 1000),
      n.link ?? null,
    ]);
    if (n.email)
      await this.email(
        userId,
        n.type,
        n.emailSubject ?? n.title,
        n.emailText ?? [n.body ?? '', n.link ? this.url(n.link) : ''].filter(Boolean).join('\n\n'),
        em,
      );
  }

  /**
   * notify() for many users at once in the caller's transaction (the money clock tells thousands in one run): the bell
   * rows in one statement, the e-mails under the same preference rule as email(), read for all of them in one query.
   */
  async notifyMany(items: { userId: number; n: NotifyInput }[], em: EntityManager): Promise<void> {
    if (!items.length) return;
    await em.query(
      `INSERT INTO notification (user_id, type, title, body, link) SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])`,
      [
        items.map((i) => i.userId),
        items.map((i) => i.n.type),
        items.map((i) => i.n.title.slice(0, 200)),
        items.map((i) => (i.n.body ?? '').slice(0, 1000)),
        items.map((i) => i.n.link ?? null),
      ],
    );
    const mails = items.filter((i) => i.n.email);
    if (!mails.length) return;
    const allowed = await em.query<{ id: number; type: string; email: string }[]>(
      `SELECT u.id, t.type, u.email FROM unnest($1::int[], $2::varchar[]) AS t(user_id, type) JOIN app_user u ON u.id = t.user_id
         LEFT JOIN email_preference p ON p.user_id = u.id AND p.type = t.type
        WHERE u.status = 'active' AND coalesce(p.enabled, true)`,
      [mails.map((m) => m.userId), mails.map((m) => m.n.type)],
    );
    const to = new Map(allowed.map((a) => [`${a.id}:${a.type}`, a.email]));
    await this.mail.sendMany(
      mails.flatMap(({ userId, n }) => {
        const email = to.get(`${userId}:${n.type}`);
        if (!email) return [];
        const text = n.emailText ?? [n.body ?? '', n.link ? this.url(n.link) : ''].filter(Boolean).join('\n\n');
        return [{ to: email, subject: n.emailSubject ?? n.title, body: this.mailBody(userId, n.type, text) }];
      }),
      em,
    );
  }

  /**
   * E-mails one user when their preference for `type` is on (a deleted or suspended account is never mailed), with the
   * signed unsubscribe link for that type. Every e-mail a preference governs goes through here. With `em` the mail is
   * written in the caller's transaction (sent if and only if it commits) and a failure fails the caller.
   */
  async email(userId: number, type: NotificationType, subject: string, text: string, em?: EntityManager): Promise<boolean> {
    const [u] = await (em ?? this.db).query<Pick<AppUserRow, 'email'>[]>(
      `SELECT u.email FROM app_user u LEFT JOIN email_preference p ON p.user_id = u.id AND p.type = $2
        WHERE u.id = $1 AND u.status = 'active' AND coalesce(p.enabled, true)`,
      [userId, type],
    );
    if (!u) return false;
    const body = this.mailBody(userId, type, text);
    if (em) {
      await this.mail.send(u.email, subject, body, em);
      return true;
    }
    try {
      await this.mail.send(u.email, subject, body);
      return true;
    } catch (err) {
      this.logger.error(`Notification mail to user ${userId} failed: ${(err as Error).message}`);
      return false;
    }
  }

  /** A notification e-mail's text with its signed unsubscribe link for `type`. */
  private mailBody(userId: number, type: NotificationType, text: string): string {
    const unsubscribe = `${this.cfg.app.publicUrl}/unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(userId, type))}`;
    return `${text}\n\n—\nStop these e-mails: ${unsubscribe}\nChange all e-mail settings on your profile.`;
  }

  /** The absolute address of a storefront path, for e-mails (always from PUBLIC_URL). */
  url(path: string): string {
    return `${this.cfg.app.publicUrl}${path}`;
  }

  async list(userId: number, limit: number, offset: number): Promise<{ rows: AppNotification[]; unread: number }> {
    const [rows, unread] = await Promise.all([
      this.db.query<(Pick<NotificationRow, 'id' | 'title' | 'body' | 'link' | 'read_at' | 'created_at'> & { type: NotificationType })[]>(
        `SELECT id, type, title, body, link, read_at, created_at FROM notification WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
      this.unread(userId),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        type: r.type,
        title: r.title,
        body: r.body,
        link: r.link,
        read: r.read_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      unread,
    };
  }

  async unread(userId: number): Promise<number> {
    const [{ n }] = await this.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    );
    return n;
  }

  /** Marks the caller's own notifications read (others' ids are ignored); no ids: all of them. */
  async markRead(userId: number, ids?: number[]): Promise<number> {
    if (ids)
      await this.db.query(`UPDATE notification SET read_at = now() WHERE user_id = $1 AND id = ANY($2::int[]) AND read_at IS NULL`, [
        userId,
        ids,
      ]);
    else await this.db.query(`UPDATE notification SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
    return this.unread(userId);
  }

  async preferences(userId: number): Promise<EmailPreferences> {
    const rows = await this.db.query<{ type: NotificationType; enabled: boolean }[]>(
      `SELECT type, enabled FROM email_preference WHERE user_id = $1`,
      [userId],
    );
    const prefs = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as EmailPreferences;
    for (const r of rows) prefs[r.type] = r.enabled;
    return prefs;
  }

  async setPreferences(userId: number, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
    const entries = NOTIFICATION_TYPES.filter((t) => typeof changes[t] === 'boolean').map((t) => [t, changes[t]] as const);
    if (entries.length) {
      await this.db.query(
        `INSERT INTO email_preference (user_id, type, enabled) SELECT $1, t, e FROM unnest($2::text[], $3::boolean[]) AS x(t, e)
         ON CONFLICT (user_id, type) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
        [userId, entries.map((e) => e[0]), entries.map((e) => e[1])],
      );
    }
    return this.preferences(userId);
  }

  /** The link in an e-mail: turns that type off for that user, no sign-in (the token is an HMAC of both). */
  async unsubscribe(token: string): Promise<NotificationType> {
    const [payload, sig] = token.split('.');
    const [id, type] = Buffer.from(payload ?? '', 'base64url')
      .toString()
      .split(':');
    const userId = Number(id);
    const ok =
      Number.isSafeInteger(userId) &&
      userId > 0 &&
      (NOTIFICATION_TYPES as readonly string[]).includes(type) &&
      typeof sig === 'string' &&
      safeEqual(sig, this.sign(userId, type as NotificationType));
    if (!ok)
      throw new DomainError('UNSUBSCRIBE_LINK_INVALID', 'This unsubscribe link is not valid. Change your e-mail settings on your profile.');
    await this.setPreferences(userId, { [type]: false });
    return type as NotificationType;
  }

  unsubscribeToken(userId: number, type: NotificationType): string {
    return `${Buffer.from(`${userId}:${type}`).toString('base64url')}.${this.sign(userId, type)}`;
  }

  private sign(userId: number, type: NotificationType): string {
    return createHmac('sha256', this.cfg.jwt.userSecret).update(`unsubscribe:${userId}:${type}`).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
