import request from 'supertest';
import { MAX_SAVED_SEARCHES } from '@kasuwa/contracts';
import { SavedSearchDigestFlow } from '../src/flows/saved-search-digest.flow';
import { bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

/** Saved searches on the profile; a daily e-mail of new matches, once per user per day, with unsubscribe. */
describe('saved searches', () => {
  // A web process: the test runs the daily job itself. In role `all` the worker also runs it once at start, and that run
  // could land between the test's new listings and its own call, sending the digest first (the test then saw 0).
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ users: [{}, {}], env: { KASUWA_ROLE: 'web' } });

  const save = (body: Record<string, unknown>, token = buyer.token) =>
    request(t.http).post('/api/saved-searches').set(bearer(token)).send(body);
  const digests = () =>
    t.db.query(`SELECT subject, body FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%saved searches%' ORDER BY id`, [buyer.email]);

  it('saves, lists and removes; validates like the search; only one own list', async () => {
    await request(t.http).get('/api/saved-searches').expect(401);
    const res = await save({ search: 'generator', maxPrice: '300000', type: 'all' }).expect(201);
    expect(res.body.data[0]).toMatchObject({
      query: { search: 'generator', maxPrice: '300000' },
      label: '“generator” · up to ₦300,000.00',
    });
    await save({ minPrice: 'cheap' }).expect(422);
    await save({ condition: 'broken' }).expect(422);
    expect((await request(t.http).get('/api/saved-searches').set(bearer(seller.token)).expect(200)).body.data).toEqual([]);
    const extra = (await save({ search: 'fridge' }).expect(201)).body.data[0];
    await request(t.http).delete(`/api/saved-searches/${extra.id}`).set(bearer(seller.token)).expect(200);
    expect((await request(t.http).get('/api/saved-searches').set(bearer(buyer.token)).expect(200)).body.data).toHaveLength(2);
    expect((await request(t.http).delete(`/api/saved-searches/${extra.id}`).set(bearer(buyer.token)).expect(200)).body.data).toHaveLength(
      1,
    );
  });

  it(`at most ${MAX_SAVED_SEARCHES} per user`, async () => {
    const other = await registerUser(t);
    for (let i = 0; i < MAX_SAVED_SEARCHES; i += 1) await save({ search: `thing ${i}` }, other.token).expect(201);
    await save({ search: 'one more' }, other.token).expect(409);
  });

  it('the daily job e-mails new matches once per user per day, with an unsubscribe link that is honoured', async () => {
    const job = t.app.get(SavedSearchDigestFlow);
    await t.db.query(`UPDATE saved_search SET checked_at = now() - interval '1 minute' WHERE user_id = $1`, [buyer.user.id]);
    expect(await job.sendDigests()).toBe(0); // nothing new yet
    await createProduct(t, seller.user.id, { name: 'Mikano generator 10kva', priceKobo: 25_000_000 });
    await createProduct(t, seller.user.id, { name: 'Generator cover', priceKobo: 50_000_000 }); // over the max price
    expect(await job.sendDigests()).toBe(1);
    const [mail] = await digests();
    expect(mail.subject).toBe('1 new listing for your saved searches');
    expect(mail.body).toContain('Mikano generator 10kva');
    expect(mail.body).not.toContain('Generator cover');
    expect(mail.body).toMatch(/unsubscribe\?token=/);
    // Later the same day: never a second e-mail, even with more new listings.
    await createProduct(t, seller.user.id, { name: 'Sumec generator', priceKobo: 20_000_000 });
    expect(await job.sendDigests()).toBe(0);
    expect(await digests()).toHaveLength(1);
    // Tomorrow: the new one is sent; but not after unsubscribing.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(mail.body)![1]);
    await request(t.http).post('/api/notifications/unsubscribe').send({ token }).expect(200);
    await job.sendDigests(tomorrow);
    expect(await digests()).toHaveLength(1);
    expect((await request(t.http).get('/api/notifications').set(bearer(buyer.token)).expect(200)).body.data[0].type).toBe('saved_search');
  });
});
