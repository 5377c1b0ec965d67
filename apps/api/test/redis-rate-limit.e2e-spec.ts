import { describeRedis, bootApp, freshDatabase, requireRedis, RunningApp, TEST_REDIS_URL } from './utils/scale-apps';

/** Two replicas, one Redis: the sign-in limit is counted once for both (in memory it would be 2 × the setting). */
describeRedis('rate limits shared through Redis', () => {
  const LIMIT = 4;
  let db: { url: string; drop(): Promise<void> };
  let a: RunningApp;
  let b: RunningApp;
  beforeAll(async () => {
    await requireRedis();
    db = await freshDatabase();
    const env = { REDIS_URL: TEST_REDIS_URL, AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' };
    a = await bootApp(db.url, env);
    b = await bootApp(db.url, env);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  // A client address of its own each run (the proxy header is trusted for one hop), so an earlier run's counts never interfere.
  const client = () => `10.${rnd()}.${rnd()}.${rnd()}`;
  const rnd = () => Math.floor(Math.random() * 254) + 1;
  const login = (app: RunningApp, ip: string) =>
    fetch(`${app.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    });

  it('login attempts spread over both replicas meet 429 at the configured count', async () => {
    const ip = client();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await login(i % 2 ? b : a, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const res = await login(a, ip);
    expect(await res.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
  });

  it('another client is counted on its own', async () => {
    expect((await login(b, client())).status).toBe(401);
  });

  it('readiness reports Redis up', async () => {
    const res = await fetch(`${a.base}/api/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', redis: 'up' });
  });
});
