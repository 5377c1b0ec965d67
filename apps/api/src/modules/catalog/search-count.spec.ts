import { EXACT_CAP, roundEstimate, toHitCount } from './search-count';

describe('search counts', () => {
  it('rounds estimates to two significant figures', () => {
    expect(roundEstimate(48731)).toBe(49000);
    expect(roundEstimate(1234)).toBe(1200);
    expect(roundEstimate(57)).toBe(57);
  });

  it('reads a small table exactly, a capped count exactly under the cap, and estimates beyond', () => {
    expect(toHitCount({ hits: 1500, seen: 1800, rows: 1800, n: null })).toMatchObject({ total: 1500, estimated: false });
    expect(toHitCount({ hits: 3, seen: 10000, rows: 1e6, n: 312 })).toMatchObject({ total: 312, estimated: false });
    expect(toHitCount({ hits: 500, seen: 10000, rows: 1e6, n: null })).toMatchObject({ total: 50000, estimated: true, share: 0.05 });
    // The sample saw almost none but the capped count was full: never below the cap.
    expect(toHitCount({ hits: 1, seen: 10000, rows: 1e6, n: EXACT_CAP + 1 })).toMatchObject({ total: EXACT_CAP + 1, estimated: true });
  });

  it('reads the density of hits along the walk: the share of the sampled rows in a price range that are hits', () => {
    expect(toHitCount({ hits: 4, seen: 1890, walked: 80, rows: 1e6, n: EXACT_CAP + 1 })).toMatchObject({ share: 4 / 1890, density: 0.05 });
    // No range (every sampled row is walked): the density is the share.
    expect(toHitCount({ hits: 4, seen: 2000, walked: 2000, rows: 1e6, n: null }).density).toBe(0.002);
    expect(toHitCount({ hits: 4, seen: 2000, rows: 1e6, n: null }).density).toBe(0.002);
  });
});
