import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { io } from 'socket.io-client';
import { CHAT_EVENTS, CHAT_SOCKET_PATH, type ChatMessageEvent, type ProductImage as Photo } from '@kasuwa/contracts';
import { ApiProcess, freePort, startApi } from './utils/api-process';
import { makeImage } from './utils/images';
import { PgPair, startPrimaryAndReplica } from './utils/pg-replica';
import { startS3 } from './utils/s3-store';
import { describeRedis, freshDatabase, requireRedis, sleep, TEST_REDIS_URL, until, untilWaitingOnLock } from './utils/scale-apps';

/**
 * Proven with every server real: two web processes and one worker as child processes on their own ports,
 * sharing one Postgres, the local Redis and an S3 stand-in (s3rver); then a web process on a real streaming replica.
 */
describeRedis('several API processes and a worker', () => {
  const LIMIT = 4;
  let db: { url: string; drop(): Promise<void> };
  let s3: S3rver;
  let smtp: SMTPServer;
  const s3dir = mkdtempSync(join(tmpdir(), 'kasuwa-mp-s3-'));
  const received: string[] = [];
  /** While set, the SMTP stand-in holds every message without answering (a delivery in progress). */
  let holdMail = false;
  let smtpGotData = false;
  let env: Record<string, string>;
  let a: ApiProcess;
  let b: ApiProcess;
  let worker: ApiProcess;
  const all: ApiProcess[] = [];
  let sql: Client;

  beforeAll(async () => {
    await requireRedis();
    db = await freshDatabase();
    const store = await startS3(s3dir, 'kasuwa-mp');
    s3 = store.s3;
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        smtpGotData = true;
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          if (holdMail) return; // never answered: the sender's connection dies with it
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          done();
        });
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      AUTH_RATE_LIMIT: String(LIMIT),
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'http://localhost:3999',
      UPLOAD_DIR: join(s3dir, 'never-used'),
      ...store.env,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      JOBS_POLL_SECONDS: '1',
      JOBS_EXPIRE_SECONDS: '4',
      JOBS_MAINTENANCE_SECONDS: '1',
      CHECKOUT_SWEEP_SECONDS: '2',
    };
    sql = new Client({ connectionString: db.url });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(all.map((p) => p.stop()));
    await sql?.end().catch(() => undefined);
    await db?.drop();
    await s3?.close();
    await new Promise<void>((ok) => (smtp ? smtp.close(() => ok()) : ok()));
    rmSync(s3dir, { recursive: true, force: true });
  });

  const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
  const post = (p: ApiProcess, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${p.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  /** A new account registered through `p`: its access token. */
  async function register(p: ApiProcess, email: string, firstName: string, lastName: string): Promise<string> {
    const reg = await post(p, '/api/auth/register', { email, firstName, lastName, password: 'Correct-Horse-9!' });
    expect(reg.status).toBe(201);
    return (await json<{ accessToken: string }>(reg)).accessToken;
  }
  /** The sell form as the storefront sends it (multipart), with one photo. */
  async function sellForm(fields: Record<string, string>, photoName: string): Promise<FormData> {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, platformCommissionAgreement: 'agreed' })) form.set(k, v);
    form.set('productImages', new Blob([new Uint8Array(await makeImage())], { type: 'image/jpeg' }), photoName);
    return form;
  }
  const radioId = async (): Promise<number> =>
    (await sql.query(`SELECT id FROM product WHERE product_name = 'Multi-process radio'`)).rows[0].id;

  it('two replicas started at once on an empty database migrate once and both become ready; a worker joins', async () => {
    a = startApi('web A', await freePort(), { ...env, KASUWA_ROLE: 'web' });
    b = startApi('web B', await freePort(), { ...env, KASUWA_ROLE: 'web' });
    all.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    worker = startApi('worker', await freePort(), { ...env, KASUWA_ROLE: 'worker' });
    all.push(worker);
    await worker.ready();
    await sql.connect();
    const rows: { name: string; n: number }[] = (await sql.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`)).rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  }, 240_000);

  it('the sign-in limit is shared: attempts spread over both replicas meet 429 at the configured count', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push(
        (
          await post(
            i % 2 ? b : a,
            '/api/auth/login',
            { email: 'nobody@example.com', password: 'wrong-password-1' },
            { 'x-forwarded-for': ip },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  let sellerToken = '';
  let adminToken = '';
  it('a photo uploaded through A gets its variants from the worker, and B serves them (one S3 store)', async () => {
    sellerToken = await register(a, 'mp-seller@example.com', 'Musa', 'Bello');
    const form = await sellForm(
      { productName: 'Multi-process radio', productPrice: '12000', productLocation: 'Kaduna', productQuantity: '1' },
      'radio.jpg',
    );
    const created = await fetch(`${a.base}/api/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sellerToken}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { data } = await json<{ data: { id: number; productImages: Photo[] } }>(created);
    // A stored the checked original; until the worker has run, that is what every URL names (and it is served).
    const [uploaded] = data.productImages;
    expect([uploaded.imageUrl, uploaded.thumbnailUrl]).toEqual([uploaded.originalUrl, uploaded.originalUrl]);
    expect((await fetch(uploaded.originalUrl)).headers.get('content-type')).toBe('image/jpeg');
    const photosOnB = async () =>
      (await json<{ data: { productImages: Photo[] } }>(await fetch(`${b.base}/api/products/${data.id}`))).data.productImages;
    const [img] = await until('variants made by the worker', photosOnB, ([i]) => i.imageUrl !== i.originalUrl);
    expect(img.imageUrl).toMatch(/\/1200\.webp$/);
    expect(img.imageUrl).not.toContain(a.base);
    for (const url of [img.imageUrl, img.thumbnailUrl]) {
      const photo = await fetch(url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('a chat message sent through A reaches the member whose socket is on B (socket.io Redis adapter)', async () => {
    const chatter = await register(b, 'mp-chat@example.com', 'Tunde', 'Ade');
    const started = await post(a, '/api/conversations', { productId: await radioId() }, { authorization: `Bearer ${chatter}` });
    expect(started.status).toBe(201);
    const { id } = (await json<{ data: { id: number } }>(started)).data;
    const onB = io(b.base, { path: CHAT_SOCKET_PATH, auth: { token: sellerToken }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        onB.once('connect', resolve);
        onB.once('connect_error', reject);
      });
      const got = new Promise<ChatMessageEvent>((resolve) => onB.once(CHAT_EVENTS.message, resolve));
      const sent = await post(
        a,
        `/api/conversations/${id}/messages`,
        { text: 'Does it take batteries?' },
        { authorization: `Bearer ${chatter}` },
      );
      expect(sent.status).toBe(201);
      const event = await Promise.race([got, sleep(10_000).then(() => null)]);
      expect(event).toMatchObject({ conversationId: id, message: { text: 'Does it take batteries?' } });
    } finally {
      onB.close();
    }
  });

  it('a cache entry filled through A is dropped by a write through B', async () => {
    const names = async (p: ApiProcess) =>
      (
        await json<{ data: { categories: { categoryName: string }[] } }>(await fetch(`${p.base}/api/category/categories`))
      ).data.categories.map((c) => c.categoryName);
    const before = await names(a);
    await sql.query(`INSERT INTO category (category_name, slug, status) VALUES ('Behind the cache', 'behind-the-cache', 'active')`);
    expect(await names(a)).toEqual(before); // A answers from its cache
    const login = await post(b, '/api/auth/admin/login', { email: 'admin@kasuwa.test', password: 'kasuwa-admin-2026' });
    adminToken = (await json<{ accessToken: string }>(login)).accessToken;
    expect(
      (await post(b, '/api/category/categories', { categoryName: 'Written through B' }, { authorization: `Bearer ${adminToken}` })).status,
    ).toBe(201);
    await until(
      "A sees B's write",
      () => names(a),
      (n) => n.includes('Written through B') && n.includes('Behind the cache'),
      5_000,
    );
  });

  it('with the worker killed (-9) mid-job and restarted, an expired checkout is released once and a mail sent once', async () => {
    // A buyer holds the last unit of a listing; its checkout is overdue.
    const buyer = await register(a, 'mp-buyer@example.com', 'Ngozi', 'Eze');
    const productId = await radioId();
    const auth = { authorization: `Bearer ${buyer}` };
    expect((await post(a, '/api/products/cart', { products: [{ productID: productId, quantity: 1 }] }, auth)).status).toBe(200);
    const order = await post(
      b,
      '/api/orders',
      { shippingAddress: '3 Ahmadu Bello Way', receiverPhoneNumber: '0803 123 4567', deliveryRegion: 'Kaduna' },
      auth,
    );
    expect(order.status).toBe(201);
    const { checkoutSessionId } = (await json<{ data: { checkoutSessionId: number } }>(order)).data;
    expect((await sql.query(`SELECT quantity FROM product WHERE id = $1`, [productId])).rows[0].quantity).toBe(0);

    // The sweep will block on the listing's row (held here), and the mail's SMTP answer never comes.
    holdMail = true;
    const lock = new Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query(`SELECT 1 FROM product WHERE id = $1 FOR UPDATE`, [productId]);
    await sql.query(`UPDATE checkout_session SET expires_at = now() - interval '1 minute' WHERE id = $1`, [checkoutSessionId]);
    expect((await post(a, '/api/auth/forgot-password', { email: 'mp-buyer@example.com' })).status).toBe(200);
    // Both jobs are running in the worker: the sweep waits on the row lock, the mail on the SMTP server.
    await untilWaitingOnLock(sql, 'the sweep waiting on the lock');
    await until(
      'the mail in delivery',
      async () => smtpGotData,
      (v) => v,
    );
    await worker.kill9();
    await lock.query('ROLLBACK');
    await lock.end();
    holdMail = false;
    expect(received).toEqual([]);

    worker = startApi('worker 2', await freePort(), { ...env, KASUWA_ROLE: 'worker' });
    all.push(worker);
    await worker.ready();
    // pg-boss finds both jobs still "active" past JOBS_EXPIRE_SECONDS and runs them again in the new worker.
    await until(
      'stock released',
      async () => (await sql.query(`SELECT quantity FROM product WHERE id = $1`, [productId])).rows[0].quantity,
      (q) => q === 1,
      60_000,
    );
    // The mail's retry after the expiry waits retryDelay × (1 + random) = 30–60 s (pg-boss's backoff, jittered), plus the
    // maintenance pass that notices the expiry: a 60 s wait failed now and then on a loaded machine.
    await until(
      'mail delivered',
      async () => received.length,
      (n) => n >= 1,
      150_000,
    );
    await sleep(3_000); // time for a second delivery or release, were there one
    expect(received).toEqual(['mp-buyer@example.com']);
    expect((await sql.query(`SELECT quantity FROM product WHERE id = $1`, [productId])).rows[0].quantity).toBe(1);
    const history = await sql.query(
      `SELECT count(*)::int AS n FROM order_status_history h JOIN "order" o ON o.id = h.order_id WHERE o.checkout_session_id = $1 AND h.to_status = 'cancelled'`,
      [checkoutSessionId],
    );
    expect(history.rows[0].n).toBe(1);
    expect((await sql.query(`SELECT status FROM mail_outbox WHERE recipient = 'mp-buyer@example.com'`)).rows).toEqual([{ status: 'sent' }]);
  }, 360_000);

  it('/api/metrics shows the requests just made, and job queues', async () => {
    const text = await (await fetch(`${a.base}/api/metrics`)).text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{[^}]*route="\/api\/auth\/login"[^}]*status="429"[^}]*\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{[^}]*route="\/api\/products"[^}]*status="201"[^}]*\} 1$/m);
    const w = await (await fetch(`${worker.base}/api/metrics`)).text();
    expect(w).toMatch(/^jobs_completed_total\{[^}]*queue="mail-deliver"[^}]*\} 1$/m);
  });

  describe('on a real streaming replica', () => {
    let pair: PgPair;
    let c: ApiProcess;
    beforeAll(async () => {
      pair = await startPrimaryAndReplica();
      await pair.createDatabase('kasuwa_mp');
    }, 120_000);
    afterAll(async () => {
      await c?.stop();
      await pair?.stop();
    });

    it('a listing created through the primary is found by search once replicated, and no write goes to the replica', async () => {
      c = startApi('web on replica', await freePort(), {
        ...env,
        DATABASE_URL: pair.primaryUrl('kasuwa_mp'),
        DATABASE_READ_URL: pair.replicaUrl('kasuwa_mp'),
        KASUWA_ROLE: 'all',
      });
      all.push(c);
      await c.ready();
      // Registering is a write: sent to the standby it would fail (read-only), so its 201 shows it went to the primary.
      const token = await register(c, 'mp-replica@example.com', 'Bisi', 'Ade');
      const form = await sellForm({ productName: 'Ruwan replica kettle', productPrice: '9000', productLocation: 'Jos' }, 'k.jpg');
      expect(
        (await fetch(`${c.base}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).status,
      ).toBe(201);
      const found = await until(
        'search on the replica',
        async () =>
          (await json<{ data: { productName: string }[] }>(await fetch(`${c.base}/api/products?search=ruwan%20kettle`))).data.map(
            (p) => p.productName,
          ),
        (names) => names.length > 0,
        15_000,
      );
      expect(found).toEqual(['Ruwan replica kettle']);
      const r = new Client({ connectionString: pair.replicaUrl('kasuwa_mp') });
      await r.connect();
      try {
        expect((await r.query(`SELECT pg_is_in_recovery() AS standby`)).rows[0].standby).toBe(true);
        // The app's searches ran here (the replica's own statistics count its read transactions).
        const [{ commits }] = (await r.query(`SELECT xact_commit::int AS commits FROM pg_stat_database WHERE datname = 'kasuwa_mp'`)).rows;
        expect(commits).toBeGreaterThan(0);
      } finally {
        await r.end();
      }
    }, 180_000);
  });
});
