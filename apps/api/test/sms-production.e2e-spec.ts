import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app.config';
import { type ApiProcess, freePort, startApi } from './utils/api-process';
import { freshDatabase } from './utils/test-app';

/** Strong values no one has published: what a real production .env holds. */
const PROD = {
  NODE_ENV: 'production',
  JWT_USER_SECRET: 'u7Jq2pX9vLm4RtZ8wKc3NbY6hGf1sDa5-user',
  JWT_ADMIN_SECRET: 'a3Kd8sPq1ZxV7mNw4RtY9cLb2HgF6jUe-admin',
  ADMIN_PASSWORD: 'Strong-admin-pass-1',
  PAYSTACK_SECRET_KEY: 'sk_live_x',
  ACCOUNT_VERIFICATION: 'required',
};

/**
 * SMS codes in production: without a provider (TERMII_API_KEY) the app refuses to start, unless a demo opts in to the
 * outbox table (ALLOW_SMS_OUTBOX=true); and the outbox's log line is never printed in production (nor, anywhere, the code).
 */
describe('SMS without a provider in production', () => {
  it('production refuses to start without TERMII_API_KEY unless ALLOW_SMS_OUTBOX=true; elsewhere the outbox is the default', () => {
    expect(() => loadConfig(PROD)).toThrow(/TERMII_API_KEY: must be set when NODE_ENV=production \(or set ALLOW_SMS_OUTBOX=true/);
    expect(loadConfig({ ...PROD, TERMII_API_KEY: 'tk_live' }).verification.termii.apiKey).toBe('tk_live');
    expect(loadConfig({ ...PROD, ALLOW_SMS_OUTBOX: 'true' }).verification.smsLogLine).toBe(false);
    expect(loadConfig({}).verification.smsLogLine).toBe(true);
    expect(() => loadConfig({ ALLOW_SMS_OUTBOX: 'maybe' })).toThrow(/Invalid setting ALLOW_SMS_OUTBOX/);
  });

  describe('the running app', () => {
    const apps: ApiProcess[] = [];
    const drops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      await Promise.all(apps.map((a) => a.stop()));
      for (const d of drops) await d();
    });

    /** An app on its own database, with `env`; sends one code to `phone` and answers what it printed and the outbox row. */
    async function sendCode(name: string, env: Record<string, string>, phone: string) {
      const db = await freshDatabase();
      const uploads = mkdtempSync(join(tmpdir(), 'kasuwa-sms-'));
      drops.push(async () => (await db.drop(), rmSync(uploads, { recursive: true, force: true })));
      const app = startApi(name, await freePort(), {
        DATABASE_URL: db.url,
        UPLOAD_DIR: uploads,
        PUBLIC_URL: 'http://127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      });
      apps.push(app);
      await app.ready();
      const res = await fetch(`${app.base}/api/auth/phone/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone }),
      });
      expect(res.status).toBeLessThan(300);
      const sql = new Client({ connectionString: db.url });
      await sql.connect();
      const [row] = (await sql.query(`SELECT recipient, body FROM sms_outbox ORDER BY id DESC LIMIT 1`)).rows;
      await sql.end();
      // Give the log a moment to reach the pipe.
      await new Promise((r) => setTimeout(r, 300));
      return { output: app.output(), row: row as { recipient: string; body: string }, code: /\d{6}/.exec(row.body)![0] };
    }

    it('production with ALLOW_SMS_OUTBOX=true keeps the code in sms_outbox only: no log line holds it', async () => {
      const { output, row, code } = await sendCode('production demo', { ...PROD, ALLOW_SMS_OUTBOX: 'true' }, '08031230001');
      expect(row.recipient).toBe('+2348031230001');
      expect(output).not.toContain(code);
      expect(output).not.toContain('Outbox SMS');
      expect(output).not.toContain('+2348031230001');
    }, 180_000);

    it('development logs one line per SMS with the number, never the text (a code): the code is read from sms_outbox', async () => {
      const { output, code } = await sendCode('development', { NODE_ENV: 'development', ACCOUNT_VERIFICATION: 'required' }, '08031230002');
      expect(output).toContain('Outbox SMS');
      expect(output).toContain('+2348031230002');
      expect(output).not.toContain(code);
    }, 180_000);
  });
});
