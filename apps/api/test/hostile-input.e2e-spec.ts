import fc from 'fast-check';
import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { describeCase, errorBodyProblem, send } from './utils/hostile-requests';
import { caseFor, FixtureIds } from './utils/hostile-values';
import { undeclaredInputs } from './utils/openapi-coverage';
import { routesOf, RouteSpec, servedRoutes } from './utils/openapi-routes';
import { createTestApp, googleStandInEnv, TestApp } from './utils/test-app';

/**
 * No input is a 5xx. Reads the app's own OpenAPI document (plus any route the router serves that the document
 * lacks), and sends every route generated hostile input (fast-check) with no token, a junk one, a user token and an admin token.
 * Fails on any 5xx and any error body that is not `{ message, code }` / `{ message, code, error: [{ field, message }] }`.
 * A new route is covered the day it is added. HOSTILE_SEED / HOSTILE_RUNS change the seed and the cases per route and
 * actor; `npm run fuzz -- --runs 200` runs it longer and prints the counts.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 8);
const REPORT = process.env.HOSTILE_REPORT === '1';

/** The exception filter's messages for values Postgres refused (see http-exception.filter.ts). */
const DB_REFUSAL = /in the request is out of range or not valid|the request refers to does not exist/;

interface Failure {
  what: string;
  status: number;
  problem: string;
  body: string;
}

describe('hostile input on every route of the OpenAPI document', () => {
  let t: TestApp;
  const tokens: Record<'none' | 'user' | 'admin', string | undefined> = { none: undefined, user: undefined, admin: undefined };
  const fx: FixtureIds = { ids: [], categoryIds: [], orderNumbers: [] };
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '100000', ...googleStandInEnv() });
    photo = await makeImage('jpeg', 24, 16);
    // Real records for the generated ids to hit: listings of the fuzzing user and of another seller, an order, a message,
    // a category, a pending admin. The actors' own ids stay out of the pool (an admin call could suspend the fuzzing user).
    const victim = await registerUser(t);
    const user = await registerUser(t);
    tokens.user = user.token;
    tokens.admin = await adminToken(t);
    const mine = [await createProduct(t, user.user.id), await createProduct(t, user.user.id)];
    const theirs = [await createProduct(t, victim.user.id, { quantity: 50 }), await createProduct(t, victim.user.id)];
    const order = await placeOrder(t, user.token, [{ productID: theirs[0].id, quantity: 1 }]);
    await request(t.http)
      .post('/api/contact-us')
      .send({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Fuzz fixture' })
      .expect(201);
    const [{ id: messageId }] = await t.db.query(`SELECT max(id) AS id FROM contact_message`);
    const category = await request(t.http)
      .post('/api/admin/categories')
      .set(bearer(tokens.admin))
      .send({ categoryName: 'Fuzz' })
      .expect(201);
    await request(t.http)
      .post('/api/auth/admin/signup')
      .send({ email: 'pending.fuzz@example.com', firstName: 'P', lastName: 'A', phone: '08031234567', password: 'Correct-Horse-9!' });
    const [{ id: pendingAdmin }] = await t.db.query(`SELECT max(id) AS id FROM admin`);
    fx.ids = [
      ...mine.map((p) => p.id),
      ...theirs.map((p) => p.id),
      victim.user.id,
      order.orders[0].id,
      order.checkoutSessionId,
      Number(messageId),
      category.body.id,
      Number(pendingAdmin),
      999_999,
    ];
    fx.orderNumbers = [order.orders[0].orderNumber, order.reference];
    fx.categoryIds = [category.body.id];
  });
  afterAll(() => t?.close());

  /** A case may suspend or delete the fuzzing user (DELETE /api/profile/me, an admin's DELETE): start the next route with a fresh one. */
  async function ensureUser(): Promise<void> {
    const me = await request(t.http).get('/api/profile/me').set(bearer(tokens.user!));
    if (me.status !== 200) tokens.user = (await registerUser(t)).token;
  }

  it('the document declares every body and query parameter a controller reads (so the generator knows about it)', async () => {
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
    expect(undeclaredInputs(t.app, doc)).toEqual([]);
  });

  it(
    `answers every generated case with a 2xx-4xx and a well-formed error body (seed ${SEED}, ${RUNS} cases per route and actor)`,
    async () => {
      const doc = (await request(t.http).get('/api/docs-json').expect(200)).body;
      const routes = routesOf(doc, servedRoutes(t.app.getHttpAdapter().getInstance())).filter((r) => r.path.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(80);

      const failures: Failure[] = [];
      const counts = new Map<string, { cases: number; byStatus: Map<number, number>; fields: Map<string, number> }>();
      const started = Date.now();
      for (const [i, route] of routes.entries()) {
        await ensureUser();
        const key = `${route.method.toUpperCase()} ${route.path}${route.undocumented ? ' (not in the document)' : ''}`;
        const tally = { cases: 0, byStatus: new Map<number, number>(), fields: new Map<string, number>() };
        counts.set(key, tally);
        for (const [j, actor] of (['none', 'junk', 'user', 'admin'] as const).entries()) {
          const cases = fc.sample(caseFor(route, fx), { seed: SEED + i * 101 + j, numRuns: RUNS });
          for (const c of cases) {
            const what = describeCase(route as RouteSpec, c, actor);
            let res: request.Response;
            try {
              const auth = actor === 'junk' ? c.junkAuth : actor === 'none' ? undefined : `Bearer ${tokens[actor]}`;
              res = await send(t.http, route, c, auth, photo);
            } catch (err) {
              failures.push({ what, status: 0, problem: `no answer: ${(err as Error).message}`, body: '' });
              continue;
            }
            tally.cases += 1;
            tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
            for (const e of res.status === 422 && Array.isArray(res.body?.error) ? res.body.error : []) {
              // Refused by Postgres, not by validation (the exception filter's mapping): a DTO rule is missing.
              const key = DB_REFUSAL.test(e.message) ? `db:${e.field}` : e.field;
              tally.fields.set(key, (tally.fields.get(key) ?? 0) + 1);
            }
            const problem =
              res.status >= 500
                ? `answered ${res.status}`
                : res.status >= 400
                  ? errorBodyProblem(res.status, res.body, res.headers['content-type'])
                  : null;
            if (problem) failures.push({ what, status: res.status, problem, body: JSON.stringify(res.body).slice(0, 300) });
          }
        }
      }

      const total = [...counts.values()].reduce((n, c) => n + c.cases, 0);
      const lines = [
        `hostile input: ${total} cases over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} per route and actor), ${failures.length} failures`,
      ];
      if (REPORT) {
        for (const [route, c] of counts) {
          const statuses = [...c.byStatus]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ');
          const fields = [...c.fields]
            .sort(([, a], [, b]) => b - a)
            .slice(0, 4)
            .map(([f, n]) => `${f.slice(0, 30)}×${n}`)
            .join(' ');
          lines.push(`  ${String(c.cases).padStart(6)}  ${route}  ${statuses}${fields ? `  (422: ${fields})` : ''}`);
        }
      }
      for (const f of failures.slice(0, 40)) lines.push(`  FAIL ${f.status} ${f.problem}: ${f.what} → ${f.body}`);
      process.stdout.write(`${lines.join('\n')}\n`);
      expect(failures).toEqual([]);
    },
    Math.max(600_000, RUNS * 30_000),
  );
});
