import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { CHAT_SOCKET_PATH, type ChatMessageEvent } from '@kasuwa/contracts';
import { adminList, adminToken, bearer, registerUser } from './utils/actors';
import { addToCart, createProduct, placeOrder, SHIPPING } from './utils/catalog-fixtures';
import { CHAT_AWAY_JOB } from '../src/modules/conversations/conversations.service';
import { JobsService } from '../src/modules/jobs/jobs.service';
import { createTestApp, TestApp } from './utils/test-app';
import { until } from './utils/until';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Chat between a listing's buyer and seller, live over socket.io, offers that set the next checkout price. */
describe('conversations', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;
  let stranger: User;
  let admin: string;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ CHAT_RATE_LIMIT: '20', JOBS_POLL_SECONDS: '1' });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    [seller, buyer, stranger] = await Promise.all([
      registerUser(t, { firstName: 'Sade', lastName: 'Seller' }),
      registerUser(t, { firstName: 'Bayo', lastName: 'Buyer' }),
      registerUser(t),
    ]);
    admin = await adminToken(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const start = (who: User, body: Record<string, unknown>) => request(t.http).post('/api/conversations').set(bearer(who.token)).send(body);
  const send = (who: User, id: number, body: Record<string, unknown>) =>
    request(t.http).post(`/api/conversations/${id}/messages`).set(bearer(who.token)).send(body);
  function connect(token: string): Promise<Socket> {
    const s = io(url, { path: CHAT_SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  }
  const awayJobs = async (conversationId: number) =>
    (await t.db.query(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND data->>'conversationId' = $2`, [
      CHAT_AWAY_JOB,
      String(conversationId),
    ])) as { state: string }[];
  const next = (s: Socket) => new Promise<ChatMessageEvent>((resolve) => s.once('message', resolve));

  it('one conversation per listing and buyer; only its two members see it', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Ankara fabric 6 yards' });
    const a = (await start(buyer, { productId: p.id, message: 'Is it still available?' }).expect(201)).body.data;
    expect(a).toMatchObject({
      role: 'buyer',
      product: { id: p.id, name: 'Ankara fabric 6 yards' },
      seller: { id: seller.user.id, fullName: 'Sade Seller' },
    });
    expect(a.lastMessage.text).toBe('Is it still available?');
    expect((await start(buyer, { productId: p.id }).expect(201)).body.data.id).toBe(a.id);
    await start(seller, { productId: p.id }).expect(422); // own listing
    await start(buyer, { productId: 999999 }).expect(404);
    await request(t.http).post('/api/conversations').send({ productId: p.id }).expect(401);

    const inbox = (await request(t.http).get('/api/conversations').set(bearer(seller.token)).expect(200)).body;
    expect(inbox.data.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect(inbox.meta.unread).toBe(1);
    expect(inbox.data[0]).toMatchObject({ role: 'seller', unread: 1 });

    await request(t.http).get(`/api/conversations/${a.id}`).set(bearer(stranger.token)).expect(404);
    await request(t.http).get(`/api/conversations/${a.id}/messages`).set(bearer(stranger.token)).expect(404);
    await send(stranger, a.id, { text: 'hi' }).expect(404);
    expect((await request(t.http).get('/api/conversations').set(bearer(stranger.token)).expect(200)).body.data).toEqual([]);
    // An admin reads it only once it is reported.
    await request(t.http).get(`/api/conversations/${a.id}/messages`).set(bearer(admin)).expect(404);
    await request(t.http)
      .post('/api/reports')
      .set(bearer(seller.token))
      .send({ targetType: 'conversation', targetId: a.id, reason: 'offensive' })
      .expect(201);
    expect((await request(t.http).get(`/api/conversations/${a.id}/messages`).set(bearer(admin)).expect(200)).body.data).toHaveLength(1);
    await request(t.http)
      .post('/api/reports')
      .set(bearer(stranger.token))
      .send({ targetType: 'conversation', targetId: a.id, reason: 'offensive' })
      .expect(404);
    const [rep] = await adminList(t, admin, '/api/admin/reports', { targetType: 'conversation' });
    const detail = (await request(t.http).get(`/api/admin/reports/${rep.id}`).set(bearer(admin)).expect(200)).body;
    expect(detail.messages.map((m: { text: string }) => m.text)).toEqual(['Is it still available?']);
    expect(detail.target.userId).toBe(buyer.user.id);
  });

  it("from an order its buyer ('Message seller') and its seller ('Message buyer') open the listing's one conversation", async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Rechargeable lantern', quantity: 5 });
    const orderId = (await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }])).orders[0].id;
    const bySeller = (await start(seller, { orderId, message: 'Your lantern ships today' }).expect(201)).body.data;
    expect(bySeller).toMatchObject({ role: 'seller', product: { id: p.id }, buyer: { id: buyer.user.id }, seller: { id: seller.user.id } });
    const byBuyer = (await start(buyer, { orderId }).expect(201)).body.data;
    expect(byBuyer).toMatchObject({ id: bySeller.id, role: 'buyer', unread: 1 });
    expect((await start(buyer, { productId: p.id }).expect(201)).body.data.id).toBe(bySeller.id); // the product page's one
    await start(stranger, { orderId }).expect(404);
    await start(buyer, { orderId: 999999 }).expect(404);
    await start(buyer, { orderId, productId: p.id }).expect(422);
    await start(buyer, {}).expect(422);
  });

  it('a new message is pushed live to both members; read receipts; the polling fallback returns what is newer', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Gas cooker 4 burner' });
    const c = (await start(buyer, { productId: p.id }).expect(201)).body.data;
    await expect(connect('not-a-token')).rejects.toThrow(/unauthorized/);
    await expect(connect(admin)).rejects.toThrow(/unauthorized/);
    const [sSeller, sBuyer, sStranger] = await Promise.all([connect(seller.token), connect(buyer.token), connect(stranger.token)]);
    let strangerGot = 0;
    sStranger.on('message', () => (strangerGot += 1));
    const gotSeller = next(sSeller);
    const gotBuyer = next(sBuyer);
    const sent = (await send(buyer, c.id, { text: 'Can you deliver to Yaba?' }).expect(201)).body.data;
    expect((await gotSeller).message).toMatchObject({ id: sent.id, text: 'Can you deliver to Yaba?', read: false });
    expect((await gotBuyer).conversationId).toBe(c.id);
    const readEvent = new Promise<{ readerId: number }>((resolve) => sBuyer.once('read', resolve));
    await request(t.http).post(`/api/conversations/${c.id}/read`).set(bearer(seller.token)).expect(200);
    expect((await readEvent).readerId).toBe(seller.user.id);
    const thread = (await request(t.http).get(`/api/conversations/${c.id}/messages`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(thread[thread.length - 1]).toMatchObject({ id: sent.id, read: true });
    const reply = (await send(seller, c.id, { text: 'Yes, ₦2,000 extra' }).expect(201)).body.data;
    expect(
      (
        await request(t.http).get(`/api/conversations/${c.id}/messages`).query({ after: sent.id }).set(bearer(buyer.token)).expect(200)
      ).body.data.map((m: { id: number }) => m.id),
    ).toEqual([reply.id]);
    expect(strangerGot).toBe(0);
    // The shop page's response time is measured from chat.
    await t.db.query(`UPDATE message SET created_at = created_at + interval '30 minutes' WHERE id = $1`, [reply.id]);
    expect((await request(t.http).get(`/api/sellers/${seller.user.id}`).expect(200)).body.data.responseMinutes).toBe(30);
    // Online members get no "while away" e-mail: not even its job is enqueued.
    expect(await awayJobs(c.id)).toHaveLength(0);
    sSeller.close();
    sBuyer.close();
    sStranger.close();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server sees the sockets go
  });

  it('an e-mail while away is a job enqueued with the message, at most one per conversation per hour; no message bodies in the e-mail', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Standing fan' });
    const c = (await start(buyer, { productId: p.id }).expect(201)).body.data;
    const awayMails = async () =>
      (await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'New message%' AND body LIKE $2`, [
        seller.email,
        `%/inbox/${c.id}%`,
      ])) as { body: string }[];
    await send(buyer, c.id, { text: 'secret words 1' }).expect(201);
    // The job is in the database as soon as the message is (same transaction); its e-mail comes when it runs.
    expect((await awayJobs(c.id)).length).toBeGreaterThanOrEqual(1);
    await send(buyer, c.id, { text: 'secret words 2' }).expect(201);
    await until(async () => (await awayJobs(c.id)).every((j) => j.state === 'completed') && (await awayMails()).length > 0);
    // A third message within the hour enqueues nothing; a job run twice (a retry, a second worker) e-mails once.
    const jobs = (await awayJobs(c.id)).length;
    await send(buyer, c.id, { text: 'secret words 3' }).expect(201);
    expect(await awayJobs(c.id)).toHaveLength(jobs);
    await t.db.query(`UPDATE conversation SET seller_emailed_at = NULL WHERE id = $1`, [c.id]);
    const again = { conversationId: c.id, recipientId: seller.user.id, type: 'message' as const, title: 'New message' };
    await Promise.all([t.app.get(JobsService).send(CHAT_AWAY_JOB, again), t.app.get(JobsService).send(CHAT_AWAY_JOB, again)]);
    await until(async () => (await awayJobs(c.id)).every((j) => j.state === 'completed') && (await awayJobs(c.id)).length === jobs + 2);
    const mails = await awayMails();
    expect(mails).toHaveLength(2);
    expect(mails[0].body).not.toContain('secret words');
    expect(mails[0].body).toMatch(/unsubscribe\?token=/);
    const bell = (await request(t.http).get('/api/notifications').set(bearer(seller.token)).expect(200)).body.data;
    expect(bell[0]).toMatchObject({ type: 'message', link: `/inbox/${c.id}` });
  });

  it('a block stops messages either way; unblocking lets them through', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Office chair' });
    const c = (await start(buyer, { productId: p.id }).expect(201)).body.data;
    await request(t.http).put(`/api/blocks/${buyer.user.id}`).set(bearer(seller.token)).expect(200);
    expect((await send(buyer, c.id, { text: 'hello?' }).expect(403)).body.message).toMatch(/blocked/);
    await send(seller, c.id, { text: 'hello?' }).expect(403);
    expect((await request(t.http).get(`/api/conversations/${c.id}`).set(bearer(buyer.token)).expect(200)).body.data.blocked).toBe(true);
    await request(t.http).put(`/api/blocks/${seller.user.id}`).set(bearer(seller.token)).expect(422);
    await request(t.http).delete(`/api/blocks/${buyer.user.id}`).set(bearer(seller.token)).expect(200);
    await send(buyer, c.id, { text: 'hello again' }).expect(201);
  });

  it("an accepted offer is the buyer's price at their next checkout of that listing, computed on the server", async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Deep freezer', priceKobo: 30_000_000, quantity: 5 });
    const c = (await start(buyer, { productId: p.id }).expect(201)).body.data;
    await send(seller, c.id, { offer: 25_000_000 }).expect(422); // only the buyer offers
    await send(buyer, c.id, { offer: 0 }).expect(422);
    await send(buyer, c.id, { offer: 12.5 }).expect(422);
    const offer = (await send(buyer, c.id, { offer: 25_000_000 }).expect(201)).body.data;
    expect(offer).toMatchObject({ kind: 'offer', offerKobo: '25000000', offerStatus: 'pending' });
    await request(t.http).post(`/api/conversations/${c.id}/offers/${offer.id}`).set(bearer(buyer.token)).send({ accept: true }).expect(403);
    const accepted = (
      await request(t.http)
        .post(`/api/conversations/${c.id}/offers/${offer.id}`)
        .set(bearer(seller.token))
        .send({ accept: true })
        .expect(200)
    ).body.data;
    expect(accepted.offerStatus).toBe('accepted');
    await request(t.http)
      .post(`/api/conversations/${c.id}/offers/${offer.id}`)
      .set(bearer(seller.token))
      .send({ accept: false })
      .expect(409);
    expect((await request(t.http).get('/api/notifications').set(bearer(buyer.token)).expect(200)).body.data[0].title).toMatch(
      /₦250,000(\.00)? was accepted/,
    );

    // Another buyer pays the listed price.
    await addToCart(t, stranger.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    expect((await request(t.http).post('/api/orders').set(bearer(stranger.token)).send(SHIPPING).expect(201)).body.data.totalAmount).toBe(
      '300000.00',
    );
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 2 }]).expect(200);
    expect((await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(201)).body.data.totalAmount).toBe(
      '500000.00',
    );
    // Used once: the next checkout is at the listed price again.
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    expect((await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(201)).body.data.totalAmount).toBe(
      '300000.00',
    );
  });

  it('a photo is checked like listing photos; sending is rate limited', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Wall clock' });
    const c = (await start(buyer, { productId: p.id }).expect(201)).body.data;
    await request(t.http)
      .post(`/api/conversations/${c.id}/messages`)
      .set(bearer(buyer.token))
      .attach('photo', Buffer.from('not an image at all'), 'x.jpg')
      .expect(422);
    let last = 201;
    for (let i = 0; i < 25 && last === 201; i += 1) last = (await send(buyer, c.id, { text: `n${i}` })).status;
    expect(last).toBe(429);
  });

  it('a deleted account shows as Deleted user to the other side', async () => {
    const gone = await registerUser(t, { firstName: 'Gone', lastName: 'Away' });
    const p = await createProduct(t, seller.user.id, { name: 'Rice cooker' });
    const c = (await start(gone, { productId: p.id, message: 'Hello' }).expect(201)).body.data;
    await request(t.http).delete('/api/profile/me').set(bearer(gone.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);
    expect((await request(t.http).get(`/api/conversations/${c.id}`).set(bearer(seller.token)).expect(200)).body.data.buyer.fullName).toBe(
      'Deleted user',
    );
    await send(seller, c.id, { text: 'Still there?' }).expect(403);
  });
});
