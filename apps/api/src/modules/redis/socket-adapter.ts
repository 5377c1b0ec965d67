import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { REDIS, RedisClient, redisNamespace } from './redis.module';

/**
 * socket.io for every replica. With REDIS_URL, rooms and emits go through Redis pub/sub (@socket.io/redis-adapter): a
 * chat message sent through one web process reaches a member whose socket is on another, and "is this user online"
 * asks them all. Without Redis, socket.io's own in-process adapter (one process holds every socket). The gateways
 * themselves do not change.
 */
export class SocketAdapter extends IoAdapter {
  private readonly redis: RedisClient;
  private readonly key: string;
  private readonly clients: Redis[] = [];

  constructor(app: INestApplicationContext) {
    super(app);
    this.redis = app.get<RedisClient>(REDIS);
    // One channel prefix per database, like the caches: deployments (or test databases) sharing a Redis never mix rooms.
    this.key = `${redisNamespace(app.get<AppConfig>(APP_CONFIG))}socket.io`;
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    if (!this.redis) return server;
    // Connections of their own: a subscribed client takes no other commands, and chat traffic never queues behind the
    // cache and rate-limit commands. The subscriber waits for Redis as long as it takes (it resubscribes on reconnect).
    const client = (name: string, waitForever: boolean) => {
      const c = this.redis!.duplicate({
        connectionName: `${this.redis!.options.connectionName ?? 'kasuwa'}-${name}`,
        ...(waitForever ? { maxRetriesPerRequest: null } : {}),
      });
      c.on('error', () => undefined); // the main client already reports Redis trouble
      // The adapter fires these and drops the promise: while Redis is down one would reject unhandled, which ends a
      // Node process. A push lost then is fetched by the thread page's polling.
      for (const m of ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
        const call = c[m].bind(c) as (...args: unknown[]) => Promise<unknown>;
        (c as unknown as Record<string, unknown>)[m] = (...args: unknown[]) => {
          const p = call(...args);
          p.catch(() => undefined);
          return p;
        };
      }
      this.clients.push(c);
      return c;
    };
    const make = createAdapter(client('io-pub', false), client('io-sub', true), { key: this.key, requestsTimeout: 3_000 });
    // socket.io calls `new` on this (so not an arrow function).
    server.adapter(function (this: unknown, nsp: Namespace) {
      const adapter = make(nsp);
      const everywhere = adapter.fetchSockets.bind(adapter);
      // "Who is connected" asks every replica; while Redis (or a replica) does not answer, this process's own sockets.
      adapter.fetchSockets = (opts) => everywhere(opts).catch(() => everywhere({ ...opts, flags: { ...opts.flags, local: true } }));
      return adapter;
    } as unknown as Parameters<Server['adapter']>[0]);
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.clients.splice(0).forEach((c) => c.disconnect());
  }
}
