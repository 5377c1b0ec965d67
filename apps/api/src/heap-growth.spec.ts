import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { applyHeapGrowth } from './heap-growth';

/**
 * A capped heap (KASUWA_HEAP_MB) with ~45 MB live, churning through objects that live long enough to be promoted (like a
 * rendered page's): the full collections it runs, in a child node with and without the app's heap growth.
 */
function majorCollections(grow: boolean): number {
  const script = `
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    let majors = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.detail && e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
    }).observe({ entryTypes: ['gc'] });
    if (${grow}) require(${JSON.stringify(join(__dirname, 'heap-growth.ts'))}).applyHeapGrowth({});
    const live = [];
    for (let i = 0; i < 120; i++) live.push(Array.from({ length: 5000 }, (_, j) => ({ i, j })));
    const ring = new Array(300);
    for (let n = 0; n < 12000; n++) ring[n % ring.length] = Array.from({ length: 1000 }, (_, j) => ({ n, j }));
    setTimeout(() => console.log(live.length && ring.length && majors), 50);
  `;
  const out = spawnSync(
    process.execPath,
    ['--max-old-space-size=192', '-r', join(__dirname, '../test/utils/ts-register.cjs'), '-e', script],
    {
      encoding: 'utf8',
    },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return Number(out.stdout.trim());
}

describe('heap growth under the heap cap', () => {
  it('collects the old space far less often than V8 does for a small heap', () => {
    const without = majorCollections(false);
    const withGrowth = majorCollections(true);
    expect(without).toBeGreaterThan(0);
    // 14–15 full collections without, 8 with (the live heap here is ~45 MB).
    expect(withGrowth).toBeLessThan(without * 0.7);
  });

  it('refuses a growth that is not a whole percent from 0 to 1000, and 0 leaves V8 its own rule', () => {
    expect(() => applyHeapGrowth({ KASUWA_HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/KASUWA_HEAP_GROWTH_PERCENT/);
    expect(() => applyHeapGrowth({ KASUWA_HEAP_GROWTH_PERCENT: '5000' })).toThrow(/KASUWA_HEAP_GROWTH_PERCENT/);
    expect(applyHeapGrowth({ KASUWA_HEAP_GROWTH_PERCENT: '0' })).toBe(0);
  });
});
