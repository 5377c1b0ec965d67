import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { CHAT_SOCKET_PATH, PAY_THROUGH_KASUWA_WARNING, type ChatMessage, type ChatMessageEvent } from '@kasuwa/contracts';
import { bearer } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';
import relevance from './relevance/chat-scam-warnings.json';

/**
 * Scam warnings in chat: a message carrying a way to pay or reach its writer outside Kasuwa (account number, phone,
 * e-mail, payment link, "pay to my account", Pidgin "pay am direct") carries the warning to its reader; the writer's
 * own view and ordinary messages carry none; nothing is blocked. The relevance set (./relevance/chat-scam-warnings.json)
 * goes through the API: >= 90% of bait warned, <= 5% of harmless warned.
 */
describe('scam warnings in chat', () => {
  const { t, users, admin } = appPerFile({
    env: { CHAT_RATE_LIMIT: '1000' },
    users: [
      { firstName: 'Sade', lastName: 'Seller' },
      { firstName: 'Bayo', lastName: 'Buyer' },
    ],
    admin: true,
  });
  const [seller, buyer] = users;
  let conversationId: number;

  beforeAll(async () => {
    const p = await createProduct(t, seller.user.id, { name: 'iPhone 13 128GB' });
    conversationId = (await request(t.http).post('/api/conversations').set(bearer(buyer.token)).send({ productId: p.id }).expect(201)).body
      .data.id;
  });

  const send = (who: { token: string }, text: string) =>
    request(t.http).post(`/api/conversations/${conversationId}/messages`).set(bearer(who.token)).send({ text });
  const thread = async (who: { token: string }, after = 0): Promise<ChatMessage[]> =>
    (await request(t.http).get(`/api/conversations/${conversationId}/messages`).query({ after }).set(bearer(who.token)).expect(200)).body
      .data;

  it('an account number warns the reader, not the writer; the message is delivered as written (also live, and to an admin of a reported chat)', async () => {
    await request(t.http).post('/api/conversations/0/messages').set(bearer(seller.token)).send({ text: 'x' }).expect(404);
    await t.app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    const socket: Socket = io(url, {
      path: CHAT_SOCKET_PATH,
      auth: { token: buyer.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    const live = new Promise<ChatMessageEvent>((resolve) => socket.once('message', resolve));
    try {
      const text = 'Pay to my account 0123456789 GTB and I go ship today';
      const sent = (await send(seller, text).expect(201)).body.data as ChatMessage;
      expect(sent).toMatchObject({ text, warning: null }); // the writer is not shown it
      const [forBuyer] = (await thread(buyer, sent.id - 1)).filter((m) => m.id === sent.id);
      expect(forBuyer).toMatchObject({ text, warning: PAY_THROUGH_KASUWA_WARNING });
      expect((await thread(seller, sent.id - 1)).find((m) => m.id === sent.id)!.warning).toBeNull();
      expect((await live).message).toMatchObject({ id: sent.id, warning: PAY_THROUGH_KASUWA_WARNING });
      const [stored] = await t.db.query(`SELECT warning FROM message WHERE id = $1`, [sent.id]);
      expect(stored.warning).toBe(PAY_THROUGH_KASUWA_WARNING);
      // The inbox's last message carries it for the reader too.
      const inbox = (await request(t.http).get('/api/conversations').set(bearer(buyer.token)).expect(200)).body.data;
      expect(inbox[0].lastMessage.warning).toBe(PAY_THROUGH_KASUWA_WARNING);
      // An admin reading a reported conversation sees it.
      await request(t.http)
        .post('/api/reports')
        .set(bearer(buyer.token))
        .send({ targetType: 'conversation', targetId: conversationId, reason: 'scam' })
        .expect(201);
      const adminView = (await request(t.http).get(`/api/conversations/${conversationId}/messages`).set(bearer(admin.token)).expect(200))
        .body.data as ChatMessage[];
      expect(adminView.find((m) => m.id === sent.id)!.warning).toBe(PAY_THROUGH_KASUWA_WARNING);
      // An ordinary message: no warning for anyone.
      const plain = (await send(buyer, 'Is it still available? I fit pay ₦45,000').expect(201)).body.data as ChatMessage;
      expect((await thread(seller, plain.id - 1))[0].warning).toBeNull();
    } finally {
      socket.close();
    }
  });

  it('relevance set: >= 90% of bait warned, <= 5% of harmless warned (through the API, as the reader reads them)', async () => {
    const { bait, harmless } = relevance as { bait: string[]; harmless: string[] };
    expect(bait.length + harmless.length).toBeGreaterThanOrEqual(40);
    const warnedAsRead = async (texts: string[]) => {
      const missed: string[] = [];
      let warned = 0;
      for (const text of texts) {
        const sent = (await send(seller, text).expect(201)).body.data as ChatMessage;
        const read = (await thread(buyer, sent.id - 1)).find((m) => m.id === sent.id)!;
        expect(read.text).toBe(text); // never altered or hidden
        if (read.warning) warned += 1;
        else missed.push(text);
      }
      return { warned, missed };
    };
    const b = await warnedAsRead(bait);
    const h = await warnedAsRead(harmless);
    const recall = b.warned / bait.length;
    const falseRate = h.warned / harmless.length;
    const falseOnes = harmless.filter((x) => !h.missed.includes(x));
    console.log(
      `chat scam warnings: bait warned ${b.warned}/${bait.length} (${(recall * 100).toFixed(1)}%), harmless warned ${h.warned}/${harmless.length} (${(falseRate * 100).toFixed(1)}%)` +
        (b.missed.length ? `\n  bait missed: ${b.missed.join(' | ')}` : '') +
        (falseOnes.length ? `\n  harmless warned: ${falseOnes.join(' | ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(falseRate).toBeLessThanOrEqual(0.05);
  });
});
