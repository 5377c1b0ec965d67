import { BlockList, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { bool, ConfigError, duration, Env, int, oneOf, str } from './env';

/**
 * Settings for running past one machine: several web replicas and workers sharing Postgres and Redis.
 * Every default keeps today's single process (`npm start`) as it was.
 */
export function loadScaleConfig(env: Env) {
  const role = oneOf(env, 'KASUWA_ROLE', 'all', ['all', 'web', 'worker'] as const);

  const redisUrl = str(env, 'REDIS_URL');
  if (redisUrl) {
    let ok = false;
    try {
      ok = /^rediss?:$/.test(new URL(redisUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw new ConfigError('REDIS_URL', `"${redisUrl}" is not a redis:// or rediss:// URL`);
  }

  const readUrls = (str(env, 'DATABASE_READ_URL') ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of readUrls) {
    let ok = false;
    try {
      ok = /^postgres(ql)?:$/.test(new URL(u).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw new ConfigError('DATABASE_READ_URL', `"${u.replace(/:[^:@/]*@/, ':***@')}" is not a postgres:// URL`);
  }

  const metricsToken = str(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');

  return {
    role,
    /** HTTP routes (role all|web); a worker answers only health and metrics. */
    servesHttp: role !== 'worker',
    /** Background timers and jobs (role all|worker). */
    runsBackground: role !== 'web',
    redisUrl,
    migrationsRun: bool(env, 'MIGRATIONS_RUN', true),
    poolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    /** Read replicas (streaming standbys) for reads that may lag a moment: search, listings, public product and seller pages. */
    readUrls,
    /**
     * A replica behind the primary by more than this (seconds; `10`, `10s`, `1m`), or one that errors, is skipped: its
     * reads go to another replica or the primary until a probe (every DATABASE_READ_PROBE_MS) finds it caught up.
     */
    readMaxLagSeconds: /^\d+$/.test(env.DATABASE_READ_MAX_LAG ?? '')
      ? Number(env.DATABASE_READ_MAX_LAG)
      : duration(env, 'DATABASE_READ_MAX_LAG', '10s'),
    readProbeMs: int(env, 'DATABASE_READ_PROBE_MS', 2_000, 100, 60_000),
    /** The hottest fixed lookups as named prepared statements (database/prepared-statements.ts); false for a pooler that cannot keep them. */
    preparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    /** 0 turns the limit off. Migrations run on their own connection without it. */
    statementTimeoutMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 0, 86_400_000),
    /** Readiness answers 503 this long before the server stops listening, so a load balancer can take it out first. */
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0, 0, 120_000),
    /** In-flight requests get this long to finish after the server stops listening; then their connections are cut. */
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    metrics: { allow: cidrList(env, 'METRICS_ALLOW', '127.0.0.1/32,::1/128'), token: metricsToken },
    /**
     * Threads that render the server-side pages (pages/render-pool.ts): a render is CPU work, so on a machine with
     * more than one core the process renders in threads of its own while the main thread answers and reads. 0 renders
     * on the main thread. Default: one per core beside the main thread's, at most 2 (each thread's heap grows with
     * its renders: ~110 MB more at the peak of a page bench).
     */
    ssrWorkers: int(env, 'SSR_WORKERS', Math.min(2, Math.max(0, availableParallelism() - 1)), 0, 16),
    jobs: {
      /** How often an idle worker asks Postgres for due jobs of each queue. */
      pollSeconds: int(env, 'JOBS_POLL_SECONDS', 2, 1, 600),
      /** A job still active this long after it started (its worker died: kill -9, lost machine) is failed and retried. */
      expireSeconds: int(env, 'JOBS_EXPIRE_SECONDS', 300, 1, 86_400),
      /** How often a worker runs pg-boss's upkeep: expiring lost jobs, scheduling, cleaning up old ones. */
      maintenanceSeconds: int(env, 'JOBS_MAINTENANCE_SECONDS', 60, 1, 3_600),
      /** How often the checkout-expiry job runs (across all workers). */
      checkoutSweepSeconds: int(env, 'CHECKOUT_SWEEP_SECONDS', 60, 1, 3_600),
    },
  };
}

export type ScaleConfig = ReturnType<typeof loadScaleConfig>;

/** `10.0.0.0/8, ::1/128, 192.168.1.7` → a BlockList that says whether an address is allowed. */
function cidrList(env: Env, name: string, fallback: string): BlockList {
  const list = new BlockList();
  const text = str(env, name, fallback);
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = part.split('/');
    const family = isIP(addr);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new ConfigError(name, `"${part}" is not an address or CIDR range`);
    }
    list.addSubnet(addr, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** True when the peer address falls in the allowed ranges (an IPv4 peer seen on an IPv6 socket counts as IPv4). */
export function addressAllowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(v4);
  return family ? list.check(v4, family === 6 ? 'ipv6' : 'ipv4') : false;
}
