import request from 'supertest';
import { appPerFile } from './utils/test-app';

/** What a JSON answer from /api carries: no page headers, and a policy under which it loads and runs nothing as a page. */
const DATA_CSP = "default-src 'none';frame-ancestors 'none'";
const PAGE_ONLY = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-xss-protection',
];

function expectDataHeaders(res: request.Response) {
  expect(res.headers['content-security-policy']).toBe(DATA_CSP);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(res.headers['x-powered-by']).toBeUndefined();
  for (const name of PAGE_ONLY) expect([name, res.headers[name]]).toEqual([name, undefined]);
}

function expectPageHeaders(res: request.Response) {
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

/** Pages get the page headers (helmet's), data answers only what means something for data. */
describe('security headers', () => {
  const { t, admin } = appPerFile({ admin: true });

  it('JSON answers from /api, errors included, carry the data headers only', async () => {
    expectDataHeaders(await request(t.http).get('/api/health').expect(200));
    expectDataHeaders(await request(t.http).get('/API/Health/').expect(200)); // routes ignore letter case
    expectDataHeaders(await request(t.http).get('/api/nope').expect(404));
    expectDataHeaders(await request(t.http).post('/api/auth/login').send({}).expect(422));
    expectDataHeaders(await request(t.http).get('/api/products?search=%00').expect(422)); // refused in the onRequest hook
    expectDataHeaders(await request(t.http).get('/api/products/%E0%A4%A').expect(400)); // refused by the router, before any hook
  });

  it("a small JSON answer's headers stay under 600 bytes (the page headers alone were ~800)", async () => {
    const res = await request(t.http).get('/api/auth/providers').expect(200);
    const bytes = Object.entries(res.headers).reduce((n, [name, value]) => n + name.length + String(value).length + 4, 0);
    expect(bytes).toBeLessThan(600);
  });

  it('what a browser may show gets the page headers: files and pages outside /api, the API docs, a CSV export', async () => {
    expectPageHeaders(await request(t.http).get('/robots.txt').expect(200));
    expectPageHeaders(await request(t.http).get('/api/docs').redirects(1).expect(200));
    const csv = await request(t.http)
      .get('/api/inner/admin/transactions/export.csv')
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expectPageHeaders(csv);
  });
});
