import request from 'supertest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { embedded, storefrontWithServerBuild, visible } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';
import { PageRenderService, SSR_ENTRY, type SsrBundle } from '../src/pages/page-render.service';

/**
 * Server renders in threads (SSR_WORKERS): the real storefront server build renders the pages in a thread of its own,
 * with the same HTML and data as on the main thread (web-ssr.e2e-spec.ts checks the pages themselves there).
 */
describe('pages rendered in render threads', () => {
  let t: TestApp;
  let web: string;
  let id: number;

  beforeAll(async () => {
    web = storefrontWithServerBuild('kasuwa-ssr-threads-');
    t = await createTestApp({ WEB_DIR: web, SSR_WORKERS: '1' });
    const seller = await registerUser(t);
    id = (await createProduct(t, seller.user.id, { name: 'Thermocool chest freezer' })).id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("renders the home and product pages in a thread, never on the main thread's copy of the build", async () => {
    expect(t.app.get(PageRenderService).renderThreads).toBe(1);
    // The main thread loads the build too (what a URL needs: plan); its render must not run.
    const main = require(join(web, SSR_ENTRY)) as SsrBundle;
    const onMain = jest.spyOn(main, 'render');
    const home = await request(t.http).get('/').expect(200);
    expect(visible(home.text)).toMatch(/Thermocool chest freezer/i);
    const page = await request(t.http).get(`/product/${id}`).expect(200);
    expect(visible(page.text)).toMatch(/Thermocool chest freezer/i);
    expect(page.text).toContain('<meta property="og:title"');
    const api = await request(t.http).get(`/api/products/${id}`).expect(200);
    expect(embedded(page.text).product).toEqual({ id: String(id), detail: api.body.data });
    expect(onMain).not.toHaveBeenCalled();
  });

  it('an unknown product is a 404 with the not-found page, rendered in the thread', async () => {
    const res = await request(t.http).get('/product/999999').expect(404);
    expect(visible(res.text)).toContain('Product not found.');
  });
});
