import { createTestApp, TestApp } from './utils/test-app';

describe("the app's database sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('run without JIT compiling (it cost a search at a million listings 100-400 ms)', async () => {
    const [{ jit }] = await t.db.query(`SHOW jit`);
    expect(jit).toBe('off');
  });
});
