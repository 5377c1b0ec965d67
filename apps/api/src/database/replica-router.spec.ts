import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app.config';
import { isConnectionError, ReplicaRouter } from './replica-router';

/** A replica whose lag (or failure) the test sets; it answers reads with its own name. */
function replica(name: string) {
  const r = {
    lag: 0 as number | Error,
    query: async (config: unknown) => {
      if (typeof config === 'string' && config.includes('pg_is_in_recovery')) {
        if (r.lag instanceof Error) throw r.lag;
        return { rows: [{ lag: r.lag }] };
      }
      return { rows: [{ from: name }] };
    },
  };
  return r;
}

function setup() {
  const master = { query: async () => ({ rows: [{ from: 'primary' }] }) };
  const slaves = [replica('a'), replica('b')];
  const db = { driver: { master, slaves } } as unknown as DataSource;
  const router = new ReplicaRouter(db, { scale: { readProbeMs: 500, readMaxLagSeconds: 10 } } as AppConfig);
  const from = async () => (await router.read((p) => p.query('SELECT 1'))).rows[0];
  const seen = async (n = 40) => {
    const s = new Set<unknown>();
    for (let i = 0; i < n; i++) s.add(((await from()) as { from: string }).from);
    return [...s].sort();
  };
  return { router, slaves, seen };
}

describe('ReplicaRouter', () => {
  it('skips a replica that lags beyond DATABASE_READ_MAX_LAG or fails its probe, and uses it again once caught up', async () => {
    const { router, slaves, seen } = setup();
    expect(await seen()).toEqual(['a', 'b']);
    expect(router.status()).toBe('up');
    slaves[0].lag = 30;
    slaves[1].lag = new Error('connect ECONNREFUSED');
    await router.probe();
    expect(router.status()).toBe('degraded');
    expect(await seen()).toEqual(['primary']);
    slaves[0].lag = 2;
    await router.probe();
    expect(await seen()).toEqual(['a']);
    slaves[1].lag = 0;
    await router.probe();
    expect(await seen()).toEqual(['a', 'b']);
    expect(router.status()).toBe('up');
  });

  it('knows a dead server from a wrong statement', () => {
    expect(isConnectionError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: '42601' }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false);
  });
});
