import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderPool } from './render-pool';

/** A stand-in for the storefront's server build: answers which thread rendered, fails or stops on request. */
const BUNDLE = `
const { threadId } = require('node:worker_threads');
exports.render = async (url, data, origin) => {
  if (url === '/fail') throw new Error('no such page');
  if (url === '/die') process.exit(3);
  if (url.startsWith('/slow')) await new Promise((r) => setTimeout(r, 300));
  return { status: 200, html: '<p>' + url + '</p>', head: origin, data: JSON.stringify({ threadId, title: data.title }) };
};
`;

describe('RenderPool (server renders in threads)', () => {
  let dir: string;
  let file: string;
  let pool: RenderPool;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'render-pool-'));
    file = join(dir, 'entry-server.js');
    writeFileSync(file, BUNDLE);
  });
  afterEach(() => pool?.close());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders in a thread of its own, from the JSON text of the data', async () => {
    pool = new RenderPool(file, 1);
    const page = await pool.render('/product/7', JSON.stringify({ title: 'Tecno Camon 20' }), 'https://kasuwa.ng');
    expect(page).toMatchObject({ status: 200, html: '<p>/product/7</p>', head: 'https://kasuwa.ng' });
    const { threadId, title } = JSON.parse(page.data) as { threadId: number; title: string };
    expect(title).toBe('Tecno Camon 20');
    expect(threadId).toBeGreaterThan(0); // 0 is the main thread
  });

  it("fails a page whose render fails, with the render's message, and goes on rendering", async () => {
    pool = new RenderPool(file, 1);
    await expect(pool.render('/fail', '{}', '')).rejects.toThrow('no such page');
    await expect(pool.render('/ok', '{}', '')).resolves.toMatchObject({ html: '<p>/ok</p>' });
  });

  it('fails the pages of a thread that stops, and starts a new thread for the next page', async () => {
    pool = new RenderPool(file, 1);
    const first = JSON.parse((await pool.render('/a', '{}', '')).data).threadId;
    await expect(pool.render('/die', '{}', '')).rejects.toThrow(/render thread stopped/);
    const next = JSON.parse((await pool.render('/b', '{}', '')).data).threadId;
    expect(next).not.toBe(first);
  });

  it('starts its threads when warmed, and renders in them', async () => {
    pool = new RenderPool(file, 2);
    expect(pool.started).toBe(0); // a process that never serves a page never starts one
    pool.warm();
    expect(pool.started).toBe(2);
    const [a, b] = await Promise.all([pool.render('/slow-a', '{}', ''), pool.render('/slow-b', '{}', '')]);
    expect(new Set([JSON.parse(a.data).threadId, JSON.parse(b.data).threadId]).size).toBe(2);
  });

  it('sends a page to the thread with the fewest pages waiting', async () => {
    pool = new RenderPool(file, 2);
    const [slow, quick] = await Promise.all([pool.render('/slow', '{}', ''), pool.render('/quick', '{}', '')]);
    expect(JSON.parse(slow.data).threadId).not.toBe(JSON.parse(quick.data).threadId);
  });
});
