import { setFlagsFromString } from 'node:v8';
import { ConfigError } from './config/env';

/**
 * How far V8 lets the old space grow past what survived its last full collection before collecting again, in percent
 * (KASUWA_HEAP_GROWTH_PERCENT, default 100: to twice the live heap; 0 leaves V8's own rule).
 *
 * Why: the heap cap (KASUWA_HEAP_MB, 192 MB) puts V8 in its small-device mode, where the old space is collected each
 * time it has grown ~30% past the live heap. Kasuwa's live heap is ~65 MB (mostly the code of the API and of the
 * server-rendered storefront), so rendering pages that are not cached ran a full mark-compact every ~8 pages, each
 * ~100 ms of CPU with its concurrent marking: about half the CPU of a page (23 ms a page, 13 ms with no cap). Growing
 * to twice the live heap keeps the cap, and with it the memory bound, and costs ~13 mark-compacts instead of ~70 per
 * 600 pages (docs/storefront.md: Rendering). NODE_OPTIONS cannot carry this V8 flag, so the process sets it.
 */
export function applyHeapGrowth(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.KASUWA_HEAP_GROWTH_PERCENT ?? '100';
  const percent = Number(raw);
  if (!/^\d{1,4}$/.test(raw) || percent > 1000)
    throw new ConfigError('KASUWA_HEAP_GROWTH_PERCENT', `a whole number from 0 to 1000 is needed (got "${raw}")`);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
