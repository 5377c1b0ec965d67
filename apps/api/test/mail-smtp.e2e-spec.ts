import request from 'supertest';
import { MailService } from '../src/modules/mail/mail.service';
import { registerUser } from './utils/actors';
import { SmtpCatcher } from './utils/smtp-catcher';
import { createTestApp, TestApp } from './utils/test-app';

/** With SMTP_URL set, mail really goes out over SMTP (a local catcher here) and the outbox records it as sent. */
describe('mail over SMTP', () => {
  let t: TestApp;
  const smtp = new SmtpCatcher();
  const received = smtp.received;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await smtp.start(), MAIL_FROM: 'Kasuwa <no-reply@kasuwa.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers the password reset mail and marks it sent', async () => {
    const u = await registerUser(t);
    await request(t.http).post('/api/auth/forgot-password').send({ email: u.email }).expect(200);
    for (let i = 0; i < 50 && !received.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    expect(received[0].to).toBe(u.email);
    expect(received[0].data).toMatch(/Subject: Reset your Kasuwa password/);
    expect(received[0].data).toMatch(/From: Kasuwa <no-reply@kasuwa\.test>/);
    let row: { status: string }[] = [];
    for (let i = 0; i < 50; i++) {
      row = await t.db.query(`SELECT status FROM mail_outbox WHERE recipient = $1`, [u.email]);
      if (row[0]?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row[0].status).toBe('sent');
  });

  it('delivers mails written in one statement (sendMany) only when their transaction commits', async () => {
    const mail = t.app.get(MailService);
    const to = ['many-1@kasuwa.test', 'many-2@kasuwa.test', 'many-3@kasuwa.test'];
    const mails = to.map((addr, i) => ({ to: addr, subject: `Batch ${i}`, body: `Body ${i}` }));
    // A phone-first account's placeholder address is left out.
    await t.db.transaction(async (em) => mail.sendMany([...mails, { to: 'phone-only@kasuwa.invalid', subject: 'No', body: 'No' }], em));
    // A rolled-back batch sends nothing.
    await t.db
      .transaction(async (em) => {
        await mail.sendMany([{ to: 'rolled-back@kasuwa.test', subject: 'Never', body: 'Never' }], em);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    for (let i = 0; i < 100 && received.filter((r) => to.includes(r.to)).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    expect(
      received
        .filter((r) => to.includes(r.to))
        .map((r) => r.to)
        .sort(),
    ).toEqual(to);
    const outbox = () =>
      t.db.query(
        `SELECT recipient, status FROM mail_outbox WHERE recipient LIKE '%@kasuwa.%' AND subject NOT LIKE 'Reset%' ORDER BY recipient`,
      );
    let rows: { recipient: string; status: string }[] = await outbox();
    for (let i = 0; i < 50 && rows.some((r) => r.status !== 'sent'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await outbox();
    }
    expect(rows).toEqual(to.map((recipient) => ({ recipient, status: 'sent' })));
    expect(received.some((r) => r.to === 'rolled-back@kasuwa.test')).toBe(false);
  });
});
