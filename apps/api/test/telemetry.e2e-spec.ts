import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { ApiProcess, freePort, startApi } from './utils/api-process';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { SmtpCatcher } from './utils/smtp-catcher';
import { appPerFile, type TestApp } from './utils/test-app';
import { until } from './utils/scale-apps';

type Attr = { key: string; value: { stringValue?: string; intValue?: string | number } };
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attr[];
}

/** A local OTLP/HTTP receiver (JSON): keeps every span POSTed to /v1/traces, with the service name it came from. */
class OtlpReceiver {
  readonly spans: (ExportedSpan & { service?: string })[] = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
          res.writeHead(404).end();
          return;
        }
        for (const rs of JSON.parse(body).resourceSpans ?? []) {
          const service = (rs.resource?.attributes as Attr[] | undefined)?.find((a) => a.key === 'service.name')?.value.stringValue;
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) this.spans.push({ ...s, service });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

const attr = (s: ExportedSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

/** The settings a child app needs to share the test app's database and accept its tokens. */
function childEnv(databaseUrl: string): Record<string, string> {
  const keep = ['JWT_USER_SECRET', 'JWT_ADMIN_SECRET', 'UPLOAD_DIR', 'PUBLIC_URL', 'AUTH_RATE_LIMIT'];
  return {
    ...Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!])),
    DATABASE_URL: databaseUrl,
    MIGRATIONS_RUN: 'false',
    PAYSTACK_SECRET_KEY: '',
  };
}

/**
 * Traces with OTEL_EXPORTER_OTLP_ENDPOINT set: the app runs as a child process (the instrumentations load before
 * http and pg, as in production), exports to a local OTLP/HTTP receiver, and one checkout's trace holds the HTTP server
 * span (with the request id), its SQL and the mail job it caused, each linked to its parent.
 */
describe('OpenTelemetry traces', () => {
  let databaseUrl = '';
  const { t } = appPerFile({
    env: { KASUWA_ROLE: 'web', PAYSTACK_SECRET_KEY: '', PAYSTACK_BASE_URL: '' },
    ready: async () => {
      databaseUrl = process.env.DATABASE_URL!;
    },
  });
  const receiver = new OtlpReceiver();
  const smtp = new SmtpCatcher();
  let api: ApiProcess | undefined;

  afterAll(async () => {
    await api?.stop();
    await Promise.all([receiver.stop(), smtp.stop()]);
  });

  it('one checkout: the HTTP span with its request id, its SQL spans, and the job it enqueued, in one trace', async () => {
    const endpoint = await receiver.start();
    const smtpUrl = await smtp.start();
    smtp.refuseNext = 1; // one mail's first try fails: its job logs an error, which carries the checkout's trace id
    api = startApi('traced', await freePort(), {
      ...childEnv(databaseUrl),
      KASUWA_ROLE: 'all',
      LOG_LEVEL: 'info',
      SMTP_URL: smtpUrl,
      JOBS_POLL_SECONDS: '1',
      OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/`,
      OTEL_SERVICE_NAME: 'kasuwa-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    await api.ready();
    const child = { ...t, http: api.base } as unknown as TestApp;
    const [seller, buyer] = [await registerUser(child), await registerUser(child)];
    const product = await createProduct(t, seller.user.id, { priceKobo: 250_000 });
    const placed = await placeOrder(child, buyer.token, [{ productID: product.id, quantity: 1 }]);
    const init = await request(api.base)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: placed.checkoutSessionId })
      .expect(201);
    const page = new URL(init.body.data.transaction.metadata.data.authorization_url).pathname;
    // The built-in test checkout's Pay: settles the checkout, which mails the buyer and the seller through the mail-deliver job.
    const pay = await request(api.base)
      .post(page)
      .set('X-Request-Id', 'checkout-pay-1')
      .type('form')
      .send({ outcome: 'success' })
      .expect(303);
    expect(pay.headers['x-request-id']).toBe('checkout-pay-1');

    const server = await until(
      'the HTTP server span of the Pay request',
      async () => receiver.spans.find((s) => s.kind === 2 && attr(s, 'kasuwa.request_id') === 'checkout-pay-1'),
      (s) => !!s,
    );
    expect(server!.service).toBe('kasuwa-test');
    expect(server!.name).toBe('POST /api/payments/test-checkout/:reference');
    const inTrace = () => receiver.spans.filter((s) => s.traceId === server!.traceId);
    const jobs = await until(
      'the mail-deliver job spans of that trace',
      async () => inTrace().filter((s) => s.name === 'job mail-deliver'),
      (j) => j.length >= 2,
      30_000,
    );
    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    /** The span's ancestors up to the trace's root. */
    const ancestors = (s: ExportedSpan) => {
      const up: ExportedSpan[] = [];
      for (let p = s.parentSpanId && byId.get(s.parentSpanId); p; p = p.parentSpanId && byId.get(p.parentSpanId)) up.push(p);
      return up;
    };
    // SQL of the request (the settlement's statements, the job's INSERT into pg-boss's table) under the HTTP span.
    const sql = inTrace().filter((s) => attr(s, 'db.system') === 'postgresql');
    const requestSql = sql.filter((s) => ancestors(s).includes(server!));
    expect(requestSql.length).toBeGreaterThan(3);
    expect(requestSql.some((s) => /pgboss\.job|INSERT/i.test(String(attr(s, 'db.statement'))))).toBe(true);
    for (const job of jobs) {
      expect(ancestors(job)).toContain(server); // the job's parent is the request that sent it…
      expect(job.kind).toBe(5); // CONSUMER
      // …and the job's own SQL (reading the outbox row, marking it sent) and its SMTP call are its children.
      const own = inTrace().filter((s) => s.parentSpanId === job.spanId || ancestors(s).includes(job));
      expect(own.some((s) => attr(s, 'db.system') === 'postgresql')).toBe(true);
      expect(own.some((s) => s.name === 'SMTP send')).toBe(true);
    }
    expect(jobs.filter((j) => (j as { status?: { code?: number } }).status?.code === 2)).toHaveLength(1); // the refused try: ERROR
    await until(
      'the other mail delivered',
      async () => smtp.received.length,
      (n) => n >= 1,
    );

    const lines = api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
    // The request log's line of that request carries its trace id…
    expect(lines.find((l) => l.req?.id === 'checkout-pay-1')).toMatchObject({ traceId: server!.traceId, res: { statusCode: 303 } });
    // …and so does the Nest logger's line of the refused delivery, written in the job that request caused.
    expect(lines.find((l) => l.context === 'MailService')).toMatchObject({
      level: 50,
      traceId: server!.traceId,
      msg: expect.stringMatching(/Mailbox busy/),
    });
  });
});

/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry is loaded; the Nest logger's lines are JSON with the
 * request id they were written for.
 */
describe('tracing off', () => {
  let databaseUrl = '';
  const { t } = appPerFile({
    env: { KASUWA_ROLE: 'web' },
    ready: async () => {
      databaseUrl = process.env.DATABASE_URL!;
    },
  });

  it('loads no OpenTelemetry module; log lines are JSON with the request id', async () => {
    const user = await registerUser(t);
    const port = await freePort();
    // The real entry point in a child: boots, answers one request, then reports the modules it loaded.
    const script = `
      const { bootstrap } = require(${JSON.stringify(join(__dirname, '../src/main.ts'))});
      bootstrap().then(async ({ stop }) => {
        const r = await fetch('http://127.0.0.1:${port}/api/auth/forgot-password', { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'forgot-1' }, body: JSON.stringify({ email: ${JSON.stringify(user.email)} }) });
        await r.text();
        const loaded = Object.keys(require.cache).filter((k) => k.includes('@opentelemetry'));
        await stop();
        process.stdout.write('LOADED ' + JSON.stringify(loaded) + '\\n', () => process.exit(0));
      });`;
    // LOG_REQUEST_ID=on: the request's store is entered on this Node too (auto would on Node 24, or with tracing on).
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_REQUEST_ID: 'on',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ...childEnv(databaseUrl),
    };
    const proc = spawn(process.execPath, ['-r', join(__dirname, 'utils/ts-register.cjs'), '-e', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (c) => (out += c));
    proc.stderr.on('data', (c) => (out += c));
    const code = await new Promise((ok) => proc.once('exit', ok));
    expect({ code, out: code === 0 ? '' : out }).toEqual({ code: 0, out: '' });
    // Only the API facade, which prom-client loads whatever the setting (a no-op without an SDK): no SDK, exporter or instrumentation.
    const loaded: string[] = JSON.parse(/^LOADED (.*)$/m.exec(out)![1]);
    expect(loaded.filter((k) => !k.includes('/@opentelemetry/api/'))).toEqual([]);

    const lines = out.split('\n').filter((l) => l && !l.startsWith('LOADED '));
    // Every line is one JSON object: Nest's own start-up lines, the app's, and the request log's.
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((l) => l.context === 'Main')).toMatchObject({ level: 30, msg: expect.stringMatching(/is up at/) });
    // The outbox mail of the reset, logged (no SMTP_URL) while that request was served, after its body was read.
    const mail = parsed.find((l) => l.context === 'MailService');
    expect(mail).toMatchObject({ level: 30, requestId: 'forgot-1', msg: expect.stringContaining('Reset') });
    expect(mail).not.toHaveProperty('traceId');
    expect(parsed.find((l) => (l.req as { id?: string } | undefined)?.id === 'forgot-1')).not.toHaveProperty('traceId');
    // A child process booting the whole API: on a loaded 2-core machine that alone can take most of a minute.
  }, 180_000);
});
