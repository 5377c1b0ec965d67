import request from 'supertest';
import { bearer, type TestUser } from './utils/actors';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Account-name lookups are rate limited and cached: each answers a holder's name and, uncached, is a paid Paystack
 * call. Per user and per client address an hour (every lookup counts, cached or not); one Paystack call per bank +
 * number while the cache keeps it.
 */
describe('account-name lookups: limited per user and per client address, cached per bank + number', () => {
  const paystack = new PaystackStandIn();
  const { t, users } = appPerFile({
    paystack,
    users: Array.from({ length: 6 }, () => ({})),
    // One proxy hop, so each test speaks from its own client address (X-Forwarded-For) and the counts stay apart.
    env: { TRUST_PROXY: 'true', ACCOUNT_LOOKUP_LIMIT_PER_USER: '10', ACCOUNT_LOOKUP_LIMIT_PER_CLIENT: '30' },
  });

  let next = 1_000_000_000;
  /** A fresh account number the stand-in's bank knows. */
  function knownAccount(): string {
    const number = String(next++);
    paystack.accounts.set(`058:${number}`, 'ADAEZE OKAFOR');
    return number;
  }
  const lookup = (u: TestUser, from: string, accountNumber: string, bankCode = '058') =>
    request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(u.token))
      .set('X-Forwarded-For', from)
      .send({ bankCode, accountNumber });
  const resolveCalls = () => paystack.requests.filter((r) => r.path === '/bank/resolve').length;
  const expectLimited = (res: request.Response, who: RegExp) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(who) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('the 11th lookup in the hour by one user is 429, even of a name already cached; other users go on', async () => {
    const [a, b] = users;
    const from = '203.0.113.1';
    const first = knownAccount();
    await lookup(a, from, first).expect(201, { bankName: 'Guaranty Trust Bank', accountName: 'ADAEZE OKAFOR' });
    for (let i = 1; i < 10; i++) await lookup(a, from, knownAccount()).expect(201);
    const calls = resolveCalls();
    expectLimited(await lookup(a, from, knownAccount()), /^Too many account-name lookups from your account \(10 an hour\)/);
    expectLimited(await lookup(a, from, first), /your account/);
    // Saving bank details resolves (and answers) the name again: it counts too.
    expectLimited(
      await request(t.http)
        .put('/api/profile/payout-account')
        .set(bearer(a.token))
        .set('X-Forwarded-For', from)
        .send({ bankCode: '058', accountNumber: first }),
      /your account/,
    );
    expect(resolveCalls()).toBe(calls); // refused before Paystack is asked
    await lookup(b, from, knownAccount()).expect(201);
  });

  it('lookups from many users on one client address stop at the client limit', async () => {
    const [, , c, d, e, f] = users;
    const from = '198.51.100.7';
    for (let i = 0; i < 30; i++) await lookup([c, d, e][i % 3], from, knownAccount()).expect(201);
    // f has made no lookup at all: the address is what is over its limit.
    expectLimited(await lookup(f, from, knownAccount()), /^Too many account-name lookups from this network address \(30 an hour\)/);
    await lookup(f, '198.51.100.8', knownAccount()).expect(201);
  });

  it('the same bank + number twice makes one Paystack call (saving it too); a number not found is asked again', async () => {
    const [, , , , , f] = users;
    const from = '192.0.2.10';
    const number = knownAccount();
    const before = resolveCalls();
    const one = await lookup(f, from, number).expect(201);
    const two = await lookup(f, from, number).expect(201);
    expect(two.body).toEqual(one.body);
    await request(t.http)
      .put('/api/profile/payout-account')
      .set(bearer(f.token))
      .set('X-Forwarded-For', from)
      .send({ bankCode: '058', accountNumber: number })
      .expect(200);
    expect(resolveCalls() - before).toBe(1);
    // The key is the bank and the number: another bank's same number is another account.
    paystack.accounts.set(`044:${number}`, 'CHIDI NWOSU');
    expect((await lookup(f, from, number, '044').expect(201)).body.accountName).toBe('CHIDI NWOSU');
    expect(resolveCalls() - before).toBe(2);
    // No answer is kept for a number the bank does not know (it may be opened later; the limit bounds the probing).
    await lookup(f, from, '0000000009').expect(422);
    await lookup(f, from, '0000000009').expect(422);
    expect(resolveCalls() - before).toBe(4);
  });
});
