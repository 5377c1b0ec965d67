import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
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
    // The subscriber is a connection of its own (a subscribed client takes no other commands); so is the publisher,
    // so chat traffic never queues behind the cache and rate-limit commands.
    const [pub, sub] = ['io-pub', 'io-sub'].map((name) => {
      const c = this.redis!.duplicate({ connectionName: `${this.redis!.options.connectionName ?? 'kasuwa'}-${name}` });
      c.on('error', () => undefined); // the main client already reports Redis trouble
      this.clients.push(c);
      return c;
    });
    server.adapter(createAdapter(pub, sub, { key: this.key, requestsTimeout: 3_000 }));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    this.clients.splice(0).forEach((c) => c.disconnect());
  }
}
