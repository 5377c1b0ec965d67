import { bootApp, freshDatabase, readiness, RunningApp } from './utils/scale-apps';

/** Liveness, readiness, graceful shutdown and the Prometheus endpoint, on real listening servers. */
describe('health, shutdown and metrics', () => {
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db.drop());

  describe('readiness and metrics', () => {
    let a: RunningApp;
    beforeAll(async () => {
      a = await bootApp(db.url, { METRICS_TOKEN: 'scrape-token-0123456789' });
    });
    afterAll(() => a.stop());

    it('live and ready answer 200; the old /api/health stays', async () => {
      expect(await (await fetch(`${a.base}/api/health/live`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${a.base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual(readiness());
      expect(await (await fetch(`${a.base}/api/health`)).json()).toEqual({ status: 'ok', db: 'up' });
    });

    it('/api/metrics shows the requests just made, by route pattern and status, and the pool', async () => {
      for (let i = 0; i < 3; i++) await fetch(`${a.base}/api/products/999999`);
      await fetch(`${a.base}/api/no-such-route`);
      const res = await fetch(`${a.base}/api/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      const count = (route: string, status: number) =>
        Number(
          new RegExp(`^http_request_duration_seconds_count\\{[^}]*route="${route}"[^}]*status="${status}"[^}]*\\} (\\d+)$`, 'm').exec(
            text,
          )?.[1] ?? 0,
        );
      expect(count('/api/products/:id', 404)).toBe(3); // the pattern, not /api/products/999999
      expect(count('/api/health/ready', 200)).toBeGreaterThanOrEqual(1);
      expect(count('unmatched', 404)).toBe(1);
      expect(text).not.toMatch(/route="[^"]*999999/); // no raw path as a label (a float value may hold those digits)
      expect(text).toMatch(/^db_pool_in_use\{[^}]*\} \d+$/m);
      expect(text).toMatch(/^db_pool_waiting\{[^}]*\} 0$/m);
      expect(text).toMatch(/^db_pool_max\{[^}]*\} 10$/m);
      expect(text).toMatch(/^process_cpu_seconds_total/m);
      expect(text).toMatch(/role="all"/);
    });
  });

  describe('metrics access', () => {
    let a: RunningApp;
    beforeAll(async () => {
      // Loopback is outside the allowed network here, so only the token lets a scrape in.
      a = await bootApp(db.url, { METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: 'scrape-token-0123456789', TRUST_PROXY: 'true' });
    });
    afterAll(() => a.stop());

    it('refuses a caller outside METRICS_ALLOW, even one claiming an allowed address in X-Forwarded-For', async () => {
      const res = await fetch(`${a.base}/api/metrics`, { headers: { 'x-forwarded-for': '10.1.2.3' } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/METRICS_ALLOW/);
      expect((await fetch(`${a.base}/api/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(403);
    });

    it('lets the METRICS_TOKEN bearer in', async () => {
      const res = await fetch(`${a.base}/api/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789' } });
      expect(res.status).toBe(200);
    });
  });

  it('readiness stays 200 and says degraded when the configured Redis does not answer (the app works without it)', async () => {
    const a = await bootApp(db.url, { REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT: '2' });
    try {
      const res = await fetch(`${a.base}/api/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(readiness({ status: 'degraded', redis: 'degraded' }));
      expect(await (await fetch(`${a.base}/api/metrics`)).text()).toMatch(/kasuwa_dependency_up\{[^}]*dependency="redis"[^}]*\} 0/);
      expect((await fetch(`${a.base}/api/health/live`)).status).toBe(200);
      // Sign-ins still answer (never a 500) and are still limited, counted in this process until Redis is back.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const login = await fetch(`${a.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
        });
        statuses.push(login.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await a.stop();
    }
  });

  it('graceful shutdown: readiness 503 at once, in-flight requests finish, then no new connections', async () => {
    const a = await bootApp(db.url, { SHUTDOWN_DELAY_MS: '400' }, { slowRouteMs: 900 });
    const inFlight = fetch(`${a.base}/test-slow`);
    await new Promise((r) => setTimeout(r, 100));
    const stopping = a.stop();
    const ready = await fetch(`${a.base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', shutdown: 'yes' });
    expect((await fetch(`${a.base}/api/health/live`)).status).toBe(200); // still alive while draining
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ ok: true });
    await stopping;
    await expect(fetch(`${a.base}/api/health/live`)).rejects.toThrow();
  });
});
