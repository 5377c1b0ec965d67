import request from 'supertest';
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
});
