import { CheckoutExpiryService } from '../src/modules/orders/checkout-expiry.service';
import { registerUser } from './utils/actors';
import { createProduct, placeOrder, productState } from './utils/catalog-fixtures';
import { bootApp, freshDatabase, RunningApp } from './utils/scale-apps';
import type { TestApp } from './utils/test-app';

/** KASUWA_ROLE: web serves HTTP and runs no jobs; worker runs the background jobs and answers only health and metrics. */
describe('process roles, pool settings and the expiry sweep across processes', () => {
  let db: { url: string; drop(): Promise<void> };
  let main: RunningApp;
  let t: TestApp; // the fixtures' view of `main`
  let buyer: { token: string };
  let seller: { user: { id: number } };
  beforeAll(async () => {
    db = await freshDatabase();
    // A web process: it runs no jobs, so only the processes each test starts (or calls) can sweep.
    main = await bootApp(db.url, { KASUWA_ROLE: 'web', DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '1500' });
    t = { app: main.app, http: main.app.getHttpServer(), db: main.db, uploadDir: '', close: async () => undefined };
    [buyer, seller] = await Promise.all([registerUser(t), registerUser(t)]);
    // Placed now, made overdue by each test: a second app in this jest process takes over passport's strategies, so
    // signed-in calls to `main` must all happen before any other app boots.
    for (let i = 0; i < 4; i++) checkouts.push(await pendingCheckout());
  });
  afterAll(async () => {
    await main?.stop();
    await db?.drop();
  });

  const checkouts: { productId: number; sessionId: number }[] = [];

  /** A placed order holding one unit of a fresh listing until its checkout expires. */
  async function pendingCheckout() {
    const p = await createProduct(t, seller.user.id, { quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    return { productId: p.id, sessionId: placed.checkoutSessionId };
  }

  async function overdue(c: { productId: number; sessionId: number }): Promise<number> {
    await main.db.query(`UPDATE checkout_session SET expires_at = now() - interval '1 minute' WHERE id = $1`, [c.sessionId]);
    return c.productId;
  }

  it('DATABASE_POOL_SIZE and DATABASE_STATEMENT_TIMEOUT_MS reach the pool', async () => {
    const [{ statement_timeout }] = await main.db.query('SHOW statement_timeout');
    expect(statement_timeout).toBe('1500ms');
    await expect(main.db.query('SELECT pg_sleep(3)')).rejects.toThrow(/statement timeout/);
    const text = await (await fetch(`${main.base}/api/metrics`)).text();
    expect(text).toMatch(/^db_pool_max\{[^}]*\} 4$/m);
  });

  it('a web process runs no expiry sweep; a worker does at start, and answers only health and metrics', async () => {
    const productId = await overdue(checkouts[0]);
    const web = await bootApp(db.url, { KASUWA_ROLE: 'web' });
    try {
      expect(await productState(t, productId)).toEqual({ quantity: 0, status: 'sold_out' }); // still held
      expect((await fetch(`${web.base}/api/products`)).status).toBe(200);
    } finally {
      await web.stop();
    }
    const worker = await bootApp(db.url, { KASUWA_ROLE: 'worker' });
    try {
      // Released by the worker's first sweep: a job the worker enqueues as it starts and runs moments later.
      // Up to 30 s: on a loaded machine pg-boss can take a while to start, poll and pick the job up.
      for (let i = 0; i < 300 && (await productState(t, productId)).quantity === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await productState(t, productId)).toEqual({ quantity: 1, status: 'active' });
      const refused = await fetch(`${worker.base}/api/products/${productId}`);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toMatch(/background worker/);
      expect((await fetch(`${worker.base}/api/auth/login`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${worker.base}/`)).status).toBe(404);
      expect((await fetch(`${worker.base}/api/health/ready`)).status).toBe(200);
      expect(await (await fetch(`${worker.base}/api/metrics`)).text()).toMatch(/role="worker"/);
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it('two processes sweeping at the same moment release each expired checkout once', async () => {
    const ids = [await overdue(checkouts[1]), await overdue(checkouts[2]), await overdue(checkouts[3])];
    const other = await bootApp(db.url, { KASUWA_ROLE: 'web' }); // no sweep of its own at start: the test drives both
    try {
      const counts = await Promise.all([main.app.get(CheckoutExpiryService).sweep(), other.app.get(CheckoutExpiryService).sweep()]);
      expect(counts[0] + counts[1]).toBe(3);
      for (const id of ids) expect(await productState(t, id)).toEqual({ quantity: 1, status: 'active' }); // not 2: released once
      const [{ n }] = await main.db.query(
        `SELECT count(*)::int AS n FROM order_status_history h JOIN "order" o ON o.id = h.order_id WHERE h.to_status = 'cancelled' AND o.status = 'cancelled'`,
      );
      expect(n).toBe(4); // the worker test's order plus these three, one history row each
    } finally {
      await other.stop();
    }
  });

  it('a bad role or pool size stops start-up naming the setting', async () => {
    await expect(bootApp(db.url, { KASUWA_ROLE: 'both' })).rejects.toThrow(/KASUWA_ROLE/);
    await expect(bootApp(db.url, { DATABASE_POOL_SIZE: '0' })).rejects.toThrow(/DATABASE_POOL_SIZE/);
    await expect(bootApp(db.url, { REDIS_URL: 'http://x' })).rejects.toThrow(/REDIS_URL/);
    await expect(bootApp(db.url, { METRICS_ALLOW: '10.0.0.0/99' })).rejects.toThrow(/METRICS_ALLOW/);
  });
});
