import { poolExecutor } from '../src/modules/jobs/job-executor';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { MAIL_JOB, MailService } from '../src/modules/mail/mail.service';
import { SmtpCatcher } from './utils/smtp-catcher';
import { createTestApp, TestApp } from './utils/test-app';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Durable jobs: mail enqueued in its cause's transaction, retried with backoff after a failure, applied once. */
describe('background jobs (pg-boss)', () => {
  let t: TestApp;
  const smtp = new SmtpCatcher();
  const received = smtp.received;

  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await smtp.start(), JOBS_POLL_SECONDS: '1', JOBS_MAINTENANCE_SECONDS: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  const mail = () => t.app.get(MailService);
  const outbox = async (to: string) =>
    (await t.db.query(`SELECT id, status FROM mail_outbox WHERE recipient = $1`, [to])) as { id: number; status: string }[];
  const jobsOf = async (id: number) =>
    (await t.db.query(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'id' = $2`, [
      MAIL_JOB,
      String(id),
    ])) as {
      state: string;
      retry_count: number;
    }[];
  async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await sleep(100);
    }
  }

  it('a mail sent inside a transaction that rolls back leaves no outbox row and no job', async () => {
    await expect(
      t.db.transaction(async (em) => {
        await mail().send('rolled-back@example.com', 'Never', 'This never goes out', em);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await outbox('rolled-back@example.com')).toEqual([]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [MAIL_JOB]);
    expect(n).toBe(0);
  });

  it('a committed mail is delivered by the job and marked sent', async () => {
    await t.db.transaction((em) => mail().send('committed@example.com', 'Hello', 'Body', em));
    await until(async () => (await outbox('committed@example.com'))[0]?.status === 'sent');
    expect(received.filter((r) => r.to === 'committed@example.com')).toHaveLength(1);
  });

  it('a refused delivery is retried later with backoff and then sent once', async () => {
    smtp.refuseNext = 1;
    await mail().send('retry@example.com', 'Again', 'Body');
    const [row] = await outbox('retry@example.com');
    await until(async () => (await jobsOf(row.id))[0]?.state === 'retry');
    expect((await outbox('retry@example.com'))[0].status).toBe('failed');
    const [{ wait }] = await t.db.query(
      `SELECT extract(epoch FROM start_after - now()) AS wait FROM pgboss.job WHERE name = $1 AND data->>'id' = $2`,
      [MAIL_JOB, String(row.id)],
    );
    expect(Number(wait)).toBeGreaterThan(20); // not hammered: the next try waits (30 s, doubling)
    await t.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data->>'id' = $2`, [MAIL_JOB, String(row.id)]);
    await until(async () => (await outbox('retry@example.com'))[0]?.status === 'sent');
    expect(received.filter((r) => r.to === 'retry@example.com')).toHaveLength(1);
    expect((await jobsOf(row.id))[0]).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('a delivery job that runs twice sends the mail once', async () => {
    await mail().send('twice@example.com', 'Once', 'Body');
    const [row] = await outbox('twice@example.com');
    await until(async () => (await outbox('twice@example.com'))[0]?.status === 'sent');
    await t.app.get(JobsService).send(MAIL_JOB, { id: row.id });
    await until(async () => (await jobsOf(row.id)).every((j) => j.state === 'completed') && (await jobsOf(row.id)).length === 2);
    const mine = received.filter((r) => r.to === 'twice@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0].messageId).toBe(`<outbox-${row.id}@localhost>`);
  });

  it('/api/metrics shows queue depth and job outcomes', async () => {
    const text = await (
      await fetch(`http://127.0.0.1:${(t.http.listening ? t.http : t.http.listen(0)).address().port}/api/metrics`)
    ).text();
    expect(text).toMatch(/^jobs_completed_total\{[^}]*queue="mail-deliver"[^}]*\} [1-9]/m);
    expect(text).toMatch(/^jobs_failed_total\{[^}]*queue="mail-deliver"[^}]*\} 1$/m);
    expect(text).toMatch(/^# TYPE jobs_queued gauge$/m);
  });

  // pg-boss 10 does not await a job's `complete`/`fail`, and a fetch in flight at stop may still return: without this,
  // those statements met a destroyed pool after app.close() ("Driver not Connected"), as rejections nobody caught.
  it('at shutdown, statements pg-boss already sent finish first, later ones get an empty answer instead of failing', async () => {
    const executor = poolExecutor(t.db);
    const order: string[] = [];
    const slow = executor.executeSql('SELECT pg_sleep(0.3), 1 AS one', []).then((r) => (order.push('statement'), r));
    await executor.close().then(() => order.push('closed'));
    expect(order).toEqual(['statement', 'closed']);
    expect((await slow).rows[0].one).toBe(1);
    await expect(executor.executeSql('SELECT 1', [])).resolves.toEqual({});
  });

  it('once the queue has shut down, a send outside a transaction is refused, not lost silently', async () => {
    const jobs = t.app.get(JobsService);
    await jobs.onModuleDestroy();
    await expect(jobs.send(MAIL_JOB, { id: 1 })).rejects.toThrow('the job queue has shut down');
  });
});
