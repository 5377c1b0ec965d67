import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { REDIS, RedisClient, redisNamespace } from '../redis/redis.module';
import { markShared } from '../../common/shared-json';

/** The in-process layer keeps at most this many entries; past it the oldest go first (Map keeps insertion order). */
const LOCAL_MAX = 10_000;

interface Entry {
  value: unknown;
  expires: number;
  tags: readonly string[];
}

/** An invalidation, as published to every replica. */
interface Invalidation {
  from: string;
  keys?: string[];
  prefixes?: string[];
  tags?: string[];
  /** Catching up on a change already announced when it was made: the tag watchers are not told (see dropTagsOnly). */
  catchUp?: boolean;
}

export interface CacheOptions {
  /** Names that group entries so one write can drop them all (e.g. `product:42`, `categories`). */
  tags?: readonly string[];
}

/**
 * Short-lived caches for hot reads. Each process keeps an in-process layer; with REDIS_URL the entries are also shared in
 * Redis and every invalidation is published, so each replica's in-process layer drops the same keys at once. Without
 * Redis it is the in-process layer alone (one process: nothing else to tell). Values are shared between callers: treat
 * them as read-only. Invalidate after the write's transaction has committed.
 */
@Injectable()
export class CacheService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Cache');
  private readonly id = randomUUID();
  private readonly local = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Bumped by every invalidation: a load that started before one does not store what it read. */
  private generation = 0;
  private subscriber?: Redis;
  private readonly tagWatchers = new Set<(tags: ReadonlySet<string>) => void>();
  /** Keys, tags and the pub/sub channel live under a prefix of this database's own: deployments (or test databases) sharing one Redis never see each other's entries. */
  private readonly ns: string;
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) cfg: AppConfig,
  ) {
    this.ns = `${redisNamespace(cfg)}cache:`;
    this.channel = `${this.ns}invalidate`;
  }

  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    const sub = this.redis.duplicate({ connectionName: `${this.redis.options.connectionName ?? 'kasuwa'}-cache-sub`, lazyConnect: true });
    sub.on('error', () => undefined); // the main client already reports Redis trouble
    sub.on('message', (_channel: string, message: string) => this.onMessage(message));
    // After a reconnect this process may have missed invalidations: start its in-process layer afresh.
    sub.on('ready', () => this.local.clear());
    this.subscriber = sub;
    sub.connect().then(
      () => sub.subscribe(this.channel),
      (err: Error) => this.logger.warn(`cache invalidations not subscribed yet (${err.message}); retrying in the background`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /** The cached value of key, or load()'s (stored for ttlMs). Concurrent misses of one key in this process share one load. */
  async getOrSet<T>(key: string, ttlMs: number, load: () => Promise<T>, opts: CacheOptions = {}): Promise<T> {
    const hit = this.local.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    if (hit) this.local.delete(key);
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    const started = this.generation;
    const p = this.fill(key, ttlMs, load, opts.tags ?? [], started).finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  /** Drops these keys here, in Redis and in every other replica's in-process layer. */
  async delete(...keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.invalidate({ from: this.id, keys });
  }

  /** Drops every key starting with one of these prefixes (Redis is scanned: prefer tags for hot paths). */
  async deletePrefix(...prefixes: string[]): Promise<void> {
    if (!prefixes.length) return;
    await this.invalidate({ from: this.id, prefixes });
  }

  /** Called with the tags of every invalidation this process applies, its own or another replica's; returns the unsubscribe function. */
  onTagsInvalidated(fn: (tags: ReadonlySet<string>) => void): () => void {
    this.tagWatchers.add(fn);
    return () => this.tagWatchers.delete(fn);
  }

  /** Drops every entry stored with one of these tags. */
  async invalidateTags(...tags: string[]): Promise<void> {
    if (!tags.length) return;
    await this.invalidate({ from: this.id, tags });
  }

  /**
   * Drops every entry stored with one of these tags without telling the tag watchers: for a change already announced
   * when it was written (the search outbox's drain, which catches writes made behind the API's back too). A watcher
   * such as the catalogue version would otherwise move a second time, seconds after the change, for nothing new.
   */
  async dropTagsOnly(...tags: string[]): Promise<void> {
    if (!tags.length) return;
    await this.invalidate({ from: this.id, tags, catchUp: true });
  }

  private async fill<T>(key: string, ttlMs: number, load: () => Promise<T>, tags: readonly string[], started: number): Promise<T> {
    const shared = this.shared();
    if (shared) {
      const raw = await shared.get(this.ns + key).catch(() => null);
      if (raw !== null) {
        const value = JSON.parse(raw) as T;
        const ttl = await shared.pttl(this.ns + key).catch(() => ttlMs);
        if (this.generation === started) this.remember(key, value, Math.min(ttlMs, ttl > 0 ? ttl : ttlMs), tags);
        return value;
      }
    }
    const value = await load();
    if (this.generation !== started) return value;
    this.remember(key, value, ttlMs, tags);
    if (shared && value !== undefined) {
      const multi = shared.multi().set(this.ns + key, JSON.stringify(value), 'PX', ttlMs);
      for (const tag of tags) multi.sadd(`${this.ns}tag:${tag}`, key).pexpire(`${this.ns}tag:${tag}`, Math.max(ttlMs, 60_000) * 2);
      await multi.exec().catch(() => undefined);
    }
    return value;
  }

  private remember(key: string, value: unknown, ttlMs: number, tags: readonly string[]): void {
    if (this.local.size >= LOCAL_MAX) this.local.delete(this.local.keys().next().value as string);
    markShared(value); // handed unchanged to every reader: its JSON answer is made once (common/shared-json.ts)
    this.local.set(key, { value, expires: Date.now() + ttlMs, tags });
  }

  private async invalidate(msg: Invalidation): Promise<void> {
    this.dropLocal(msg);
    const shared = this.shared();
    if (!shared) return;
    try {
      const keys = new Set((msg.keys ?? []).map((k) => this.ns + k));
      for (const tag of msg.tags ?? []) {
        for (const k of await shared.smembers(`${this.ns}tag:${tag}`)) keys.add(this.ns + k);
        keys.add(`${this.ns}tag:${tag}`);
      }
      for (const prefix of msg.prefixes ?? []) {
        let cursor = '0';
        do {
          const [next, found] = await shared.scan(cursor, 'MATCH', `${this.ns}${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
          found.forEach((k) => keys.add(k));
          cursor = next;
        } while (cursor !== '0');
      }
      if (keys.size) await shared.del(...keys);
      await shared.publish(this.channel, JSON.stringify(msg));
    } catch (err) {
      this.logger.warn(`cache invalidation not shared (${(err as Error).message}): other replicas keep their entries until they expire`);
    }
  }

  private onMessage(message: string): void {
    try {
      const msg = JSON.parse(message) as Invalidation;
      if (msg.from !== this.id) this.dropLocal(msg);
    } catch {
      /* not ours */
    }
  }

  private dropLocal(msg: Invalidation): void {
    this.generation++;
    const tags = new Set(msg.tags ?? []);
    for (const k of msg.keys ?? []) this.local.delete(k);
    if (tags.size && !msg.catchUp) for (const fn of this.tagWatchers) fn(tags);
    if (!msg.prefixes?.length && !tags.size) return;
    for (const [k, e] of this.local) {
      if (msg.prefixes?.some((p) => k.startsWith(p)) || e.tags.some((t) => tags.has(t))) this.local.delete(k);
    }
  }

  /** The Redis client while it answers; a cache must never make a request wait on a Redis that is down. */
  private shared(): Redis | null {
    return this.redis && this.redis.status === 'ready' ? this.redis : null;
  }
}
