import { io } from 'socket.io-client';
import request from 'supertest';
import { CHAT_EVENTS, CHAT_SOCKET_PATH, type ChatMessageEvent } from '@kasuwa/contracts';
import { bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { bootApp, freshDatabase, RunningApp, sleep } from './utils/scale-apps';
import type { TestApp } from './utils/test-app';

/**
 * The socket.io Redis adapter while the configured Redis does not answer: the process lives on (the adapter's dropped
 * promises must not reject unhandled), a message is still sent and pushed to the sockets of this process, and "who
 * is online" answers from this process instead of failing the send.
 */
describe('chat sockets while the configured Redis does not answer', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: RunningApp;
  beforeAll(async () => {
    db = await freshDatabase();
    a = await bootApp(db.url, { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await a?.stop();
    await db?.drop();
  });

  it('sends, pushes to a socket of this process, and counts its member online', async () => {
    const t = { http: a.app.getHttpServer(), db: a.db } as TestApp;
    const [seller, buyer] = [await registerUser(t), await registerUser(t)];
    const p = await createProduct(t, seller.user.id, { name: 'Redis-down radio' });
    const c = (await request(t.http).post('/api/conversations').set(bearer(buyer.token)).send({ productId: p.id }).expect(201)).body.data;
    const socket = io(a.base, { path: CHAT_SOCKET_PATH, auth: { token: seller.token }, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const got = new Promise<ChatMessageEvent>((resolve) => socket.once(CHAT_EVENTS.message, resolve));
      await request(t.http).post(`/api/conversations/${c.id}/messages`).set(bearer(buyer.token)).send({ text: 'Still there?' }).expect(201);
      expect(await Promise.race([got, sleep(10_000).then(() => null)])).toMatchObject({
        conversationId: c.id,
        message: { text: 'Still there?' },
      });
      const [{ n }] = await a.db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND body LIKE $2`, [
        seller.email,
        `%/inbox/${c.id}%`,
      ]);
      expect(n).toBe(0); // online here: no "while you were away" e-mail
    } finally {
      socket.close();
    }
    expect((await fetch(`${a.base}/api/health/live`)).status).toBe(200);
  });
});
