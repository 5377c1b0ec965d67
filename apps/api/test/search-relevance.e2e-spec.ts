import request from 'supertest';
import { loadDemoListingText } from '../src/database/seeds/demo-listings';
import { ProductSearchService } from '../src/modules/catalog/product-search.service';
import relevance from './relevance/search-relevance.json';
import { createTestApp, TestApp } from './utils/test-app';

interface Case {
  q: string;
  kind: string;
  top5: string[];
  notTop5?: string[];
}

/** The relevance set (test/relevance/search-relevance.json) over the demo catalogue: at least 90% must pass. */
describe('search relevance over the demo catalogue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const [seller] = await t.db.query(
      `INSERT INTO app_user (email, first_name, last_name) VALUES ('seller@kasuwa.test', 'Demo', 'Seller') RETURNING id`,
    );
    await loadDemoListingText((sql, params) => t.db.query(sql, params), seller.id);
    await t.app.get(ProductSearchService).rebuildDictionary();
  });
  afterAll(() => t.close());

  it(`passes at least ${relevance.minimumPassRate * 100}% of ${relevance.cases.length} queries typed as people type them`, async () => {
    const cases = relevance.cases as Case[];
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const c of cases) {
      const res = await request(t.http).get('/api/products').query({ search: c.q, limit: 5 }).expect(200);
      const top = (res.body.data as { productName: string }[]).map((p) => p.productName);
      const missing = c.top5.filter((name) => !top.includes(name));
      const intruders = (c.notTop5 ?? []).filter((name) => top.includes(name));
      if (missing.length || intruders.length)
        failures.push(
          `  "${c.q}" (${c.kind}): missing ${JSON.stringify(missing)}, unwanted ${JSON.stringify(intruders)}; got ${JSON.stringify(top)}`,
        );
    }
    const rate = (cases.length - failures.length) / cases.length;
    console.log(
      `search relevance: ${cases.length - failures.length}/${cases.length} (${(rate * 100).toFixed(1)}%) pass${failures.length ? `\n${failures.join('\n')}` : ''}`,
    );
    expect(rate).toBeGreaterThanOrEqual(relevance.minimumPassRate);
  });
});
