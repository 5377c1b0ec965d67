import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { CacheService } from '../cache/cache.service';
import { PRODUCT_TAG_PREFIX } from './product-cache';

const CHANNEL = 'catalogue_changed';
const RETRY_MS = 2_000;

/**
 * The catalogue's version, moved on by Postgres whenever a listing or a category changes (migration 1764020000001:
 * statement triggers, NOTIFY after commit), heard by every API process on one LISTEN connection. Caches of what the
 * catalogue shows (rendered pages, popular searches) key their entries by it, so a change anywhere is seen everywhere
 * at once. `current` is null while this process is not listening (starting, or the connection dropped): it could have
 * missed a change, so callers must not serve cached catalogue data then.
 */
@Injectable()
export class CatalogueVersion implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(CatalogueVersion.name);
  private version: number | null = null;
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    cache: CacheService,
  ) {
    // A writer drops its listing's cached reads (tag product:<id>) right after its commit, before it answers: moving on
    // then means the writer's next page or search cannot be one cached before its change, however late the NOTIFY is
    // heard (on a loaded machine, later than the browser's next request).
    cache.onTagsInvalidated((tags) => {
      for (const tag of tags) if (tag.startsWith(PRODUCT_TAG_PREFIX)) return this.changedHere();
    });
  }

  /** The version now, or null when a change may have gone unheard. */
  get current(): number | null {
    return this.version;
  }

  /** Called on every change heard (and when listening starts or stops); returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onModuleInit(): void {
    if (this.cfg.scale.servesHttp && this.cfg.db.url) void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.set(null);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.cfg.db.url, application_name: 'kasuwa-catalogue-version' });
    this.client = client;
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.set(null);
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn(
        `catalogue changes not heard (${err?.message ?? 'connection closed'}): cached pages and searches are bypassed until it is back`,
      );
      this.retry = setTimeout(() => void this.listen(), RETRY_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && this.version !== null) this.set(Math.max(this.version + 1, Number(n.payload) || 0));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Read after LISTEN: a change committed in between is both in this value and announced (the max keeps it monotonic).
      const [row] = await this.db.query<{ v: number }[]>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END::float8 AS v FROM catalogue_version`,
      );
      if (this.client === client) this.set(Math.max(this.version ?? 0, Number(row.v)));
    } catch (err) {
      lost(err as Error);
    }
  }

  /**
   * A change this process has just committed: moves on at once, so this process's next read cannot be a page cached
   * before it (the NOTIFY reaches here a moment later and moves it on again, which only drops what was cached between).
   */
  changedHere(): void {
    if (this.version !== null) this.set(this.version + 1);
  }

  private set(v: number | null): void {
    if (v === this.version) return;
    this.version = v;
    for (const fn of this.listeners) fn();
  }
}
