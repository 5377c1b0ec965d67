import request from 'supertest';
import type { AuthResponse, Product, SellerProfileResponse } from '@kasuwa/contracts';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { addToCart, createProduct, SHIPPING } from './utils/catalog-fixtures';
import { createTestApp, late, type TestApp } from './utils/test-app';
import { TermiiStandIn } from './utils/termii-stand-in';

/**
 * Rule "verified people" (ACCOUNT_VERIFICATION=required): e-mail verified before checkout, posting or withdrawing;
 * phone verified by SMS code before posting or withdrawing; phone sign-in; badges. SMS go to a Termii stand-in.
 */
describe('verified people: e-mail link, SMS codes, phone sign-in, badges', () => {
  const termii = new TermiiStandIn();
  const app = late<TestApp>('The test app');
  const t = app.handle;
  let booted: TestApp | undefined;
  let ip = 0;
  /** Each test speaks from its own client address (one trusted proxy hop), so the per-client counts stay apart. */
  const client = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    await termii.start();
    booted = await createTestApp({
      ...termii.env(),
      ACCOUNT_VERIFICATION: 'required',
      TRUST_PROXY: 'true',
      EMAIL_VERIFICATION_LIMIT_PER_USER: '3',
      EMAIL_VERIFICATION_LIMIT_PER_CLIENT: '5',
      PHONE_CODE_LIMIT_PER_NUMBER: '5',
      PHONE_CODE_LIMIT_PER_CLIENT: '8',
    });
    app.set(booted);
  }, 120_000);
  afterAll(async () => {
    await booted?.close();
    await termii.stop();
  });

  const linkToken = async (email: string): Promise<string> => {
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [email]);
    const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '');
    if (!m) throw new Error(`no verification link e-mailed to ${email}`);
    return m[1];
  };
  const startPhone = (phone: string, from = client()) =>
    request(t.http).post('/api/auth/phone/start').set('X-Forwarded-For', from).send({ phone });
  const verifyPhone = (phone: string, code: string, token?: string, from = client()) => {
    const req = request(t.http).post('/api/auth/phone/verify').set('X-Forwarded-For', from);
    return (token ? req.set(bearer(token)) : req).send({ phone, code });
  };
  let numbers = 0;
  const freshNumber = () => `0803${String(5_000_000 + ++numbers * 7919).padStart(7, '0')}`;
  const e164 = (local: string) => `+234${local.slice(1)}`;
  /** Verifies `u`'s phone with a fresh number; answers the number. */
  const withPhone = async (u: TestUser): Promise<string> => {
    const phone = freshNumber();
    await startPhone(phone).expect(200);
    await verifyPhone(phone, termii.lastCode(e164(phone)), u.token).expect(200);
    return phone;
  };
  const expectRefused = (res: request.Response, code: string) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code });
    expect(res.body.message).toMatch(/verify/i);
  };

  it('sign-up e-mails a link; until it is opened checkout, posting and withdrawing are 403 EMAIL_NOT_VERIFIED, browsing and the cart work', async () => {
    const u = await registerUser(t);
    expect(u.user.verification).toEqual({ required: true, email: false, phone: false, verifiedPhone: null, hasEmail: true });
    const seller = await registerUser(t);
    const product = await createProduct(t, seller.user.id);
    await request(t.http).get(`/api/products/${product.id}`).set(bearer(u.token)).expect(200);
    expect((await addToCart(t, u.token, [{ productID: product.id, quantity: 1 }])).status).toBeLessThan(300);
    expectRefused(await request(t.http).post('/api/orders').set(bearer(u.token)).send(SHIPPING), 'EMAIL_NOT_VERIFIED');
    expectRefused(await request(t.http).post('/api/products').set(bearer(u.token)).field({ productName: 'x' }), 'EMAIL_NOT_VERIFIED');
    expectRefused(await request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send({ amount: 1000 }), 'EMAIL_NOT_VERIFIED');

    // The link: stored hashed, works once.
    const token = await linkToken(u.email);
    const [row] = await t.db.query(`SELECT token_hash FROM email_verification WHERE user_id = $1`, [u.user.id]);
    expect(row.token_hash).not.toContain(token);
    await request(t.http).post('/api/auth/email/verify').send({ token }).expect(200);
    const again = await request(t.http).post('/api/auth/email/verify').send({ token }).expect(400);
    expect(again.body.code).toBe('VERIFICATION_LINK_INVALID');

    // The same token now passes the e-mail rule (the flag rides on the token check): checkout goes on to its own checks.
    const checkout = await request(t.http).post('/api/orders').set(bearer(u.token)).send(SHIPPING);
    expect(checkout.body.code).not.toBe('EMAIL_NOT_VERIFIED');
    expect(checkout.status).toBeLessThan(300);
    // Posting and withdrawing need the phone too, asked after the e-mail.
    expectRefused(await request(t.http).post('/api/products').set(bearer(u.token)).field({ productName: 'x' }), 'PHONE_NOT_VERIFIED');
    expectRefused(await request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send({ amount: 1000 }), 'PHONE_NOT_VERIFIED');
    await withPhone(u);
    const post = await request(t.http).post('/api/products').set(bearer(u.token)).field({ productName: 'x' });
    expect(post.status).toBe(422);
    const withdraw = await request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send({ amount: 1000 });
    expect(['EMAIL_NOT_VERIFIED', 'PHONE_NOT_VERIFIED']).not.toContain(withdraw.body.code);
    const me = await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    expect(me.body.data.verification).toMatchObject({ email: true, phone: true });
  });

  it('an expired link, or one for an address the account no longer has, verifies nothing', async () => {
    const u = await registerUser(t);
    const token = await linkToken(u.email);
    await t.db.query(`UPDATE email_verification SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.user.id]);
    expect((await request(t.http).post('/api/auth/email/verify').send({ token }).expect(400)).body.code).toBe('VERIFICATION_LINK_INVALID');
    const [{ email_verified_at }] = await t.db.query(`SELECT email_verified_at FROM app_user WHERE id = $1`, [u.user.id]);
    expect(email_verified_at).toBeNull();
  });

  it('"Resend link" is limited per user and per client address; a verified address is not sent again', async () => {
    const from = client();
    const resend = (u: TestUser, at = from) =>
      request(t.http).post('/api/auth/email/verification').set(bearer(u.token)).set('X-Forwarded-For', at).send({});
    const a = await registerUser(t);
    for (let i = 0; i < 3; i++) await resend(a).expect(200);
    const limited = await resend(a, client()).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/your account/) });
    const b = await registerUser(t);
    await resend(b).expect(200);
    await resend(b).expect(200);
    const byClient = await resend(await registerUser(t)).expect(429);
    expect(byClient.body.message).toMatch(/network address/);

    const c = await registerUser(t);
    await request(t.http)
      .post('/api/auth/email/verify')
      .send({ token: await linkToken(c.email) })
      .expect(200);
    expect((await resend(c, client()).expect(409)).body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('POST /api/auth/phone/start takes 0803…, +234803… and 234803… as one E.164 number, sends 6 digits through Termii, refuses the rest with 422', async () => {
    const local = freshNumber();
    for (const form of [local, e164(local), e164(local).slice(1)]) {
      const res = await startPhone(form).expect(200);
      expect(res.body).toMatchObject({ phone: e164(local), expiresInMinutes: 10 });
    }
    const sent = termii.messages.filter((m) => m.to === e164(local).slice(1));
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatchObject({ from: 'Kasuwa', type: 'plain', channel: 'dnd', sms: expect.stringMatching(/\b\d{6}\b/) });
    // Stored hashed: no code in the database in the clear.
    const rows: { code_hash: string }[] = await t.db.query(`SELECT code_hash FROM phone_code WHERE phone = $1`, [e164(local)]);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.db.query(`SELECT 1 FROM sms_outbox`)).toHaveLength(0);
    for (const bad of ['12345', '+447911123456', '0603 123 4567', 'phone']) {
      const res = await startPhone(bad).expect(422);
      expect(res.body.error[0].field).toBe('phone');
    }
  });

  it('phone sign-in creates the account on first use and signs the same account in afterwards; codes work once', async () => {
    const phone = freshNumber();
    await startPhone(phone).expect(200);
    const code = termii.lastCode(e164(phone));
    const first = (await verifyPhone(phone, code).expect(200)).body as AuthResponse;
    expect(first.user.verification).toEqual({ required: true, email: false, phone: true, verifiedPhone: e164(phone), hasEmail: false });
    expect((await verifyPhone(phone, code).expect(400)).body.code).toBe('PHONE_CODE_INVALID');
    await startPhone(e164(phone)).expect(200);
    const second = (await verifyPhone(e164(phone).slice(1), termii.lastCode(e164(phone))).expect(200)).body as AuthResponse;
    expect(second.user.id).toBe(first.user.id);
    await request(t.http).get('/api/profile/me').set(bearer(second.accessToken)).expect(200);
    // No e-mail address yet: checkout asks for one; the account gives it and verifies it by link.
    expectRefused(await request(t.http).post('/api/orders').set(bearer(second.accessToken)).send(SHIPPING), 'EMAIL_NOT_VERIFIED');
    const email = `phone.first.${Date.now()}@example.com`;
    await request(t.http)
      .post('/api/auth/email/verification')
      .set(bearer(second.accessToken))
      .set('X-Forwarded-For', client())
      .send({ email })
      .expect(200);
    await request(t.http)
      .post('/api/auth/email/verify')
      .send({ token: await linkToken(email) })
      .expect(200);
    const me = (await request(t.http).get('/api/profile/me').set(bearer(second.accessToken)).expect(200)).body.data;
    expect(me).toMatchObject({ email, verification: { email: true, phone: true, hasEmail: true } });
  });

  it('an expired code, and a code after 5 wrong tries, unlock nothing; a code only the newest counts', async () => {
    const phone = freshNumber();
    await startPhone(phone).expect(200);
    await t.db.query(`UPDATE phone_code SET expires_at = now() - interval '1 second' WHERE phone = $1`, [e164(phone)]);
    await verifyPhone(phone, termii.lastCode(e164(phone))).expect(400);

    await startPhone(phone).expect(200);
    const older = termii.lastCode(e164(phone));
    await startPhone(phone).expect(200);
    const code = termii.lastCode(e164(phone));
    if (older !== code) await verifyPhone(phone, older).expect(400);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await verifyPhone(phone, wrong).expect(400);
    expect((await verifyPhone(phone, code).expect(400)).body.code).toBe('PHONE_CODE_INVALID');
  });

  it('a signed-in user verifies their phone; a number verified by another account is 409 PHONE_TAKEN', async () => {
    const a = await registerUser(t);
    const phone = await withPhone(a);
    const me = (await request(t.http).get('/api/profile/me').set(bearer(a.token)).expect(200)).body.data;
    expect(me.verification).toMatchObject({ phone: true, verifiedPhone: e164(phone) });
    const b = await registerUser(t);
    await startPhone(phone).expect(200);
    const taken = await verifyPhone(phone, termii.lastCode(e164(phone)), b.token).expect(409);
    expect(taken.body.code).toBe('PHONE_TAKEN');
    // A token that no longer works is refused, never taken for a phone sign-in.
    await verifyPhone(phone, '123456', 'not-a-token').expect(401);
  });

  it('codes are limited per number and per client address an hour; a provider failure is 503 SMS_FAILED', async () => {
    const phone = freshNumber();
    for (let i = 0; i < 5; i++) await startPhone(phone).expect(200);
    expect((await startPhone(phone).expect(429)).body.message).toMatch(/this number/);
    const from = client();
    for (let i = 0; i < 8; i++) await startPhone(freshNumber(), from).expect(200);
    expect((await startPhone(freshNumber(), from).expect(429)).body.message).toMatch(/network address/);
    termii.failNext = 1;
    expect((await startPhone(freshNumber()).expect(503)).body.code).toBe('SMS_FAILED');
  });

  it('brute force: 10,000 wrong codes from 100 client addresses against one number unlock nothing', async () => {
    const phone = freshNumber();
    const victim = await registerUser(t);
    await startPhone(phone).expect(200);
    const real = () => termii.lastCode(e164(phone));
    const attackers = Array.from({ length: 100 }, () => client());
    let unlocked = 0;
    const statuses = new Map<number, number>();
    // 100 attackers × 100 guesses, 25 at a time; each attacker also asks for new codes (limited per number).
    for (let round = 0; round < 100; round++) {
      for (let batch = 0; batch < 100; batch += 25) {
        await Promise.all(
          attackers.slice(batch, batch + 25).map(async (from, i) => {
            if (round % 20 === 0 && i === 0) await startPhone(phone, from);
            const current = real();
            let guess = String((round * 100 + batch + i) % 1_000_000).padStart(6, '0');
            if (guess === current) guess = String((Number(guess) + 1) % 1_000_000).padStart(6, '0');
            const res = await verifyPhone(phone, guess, undefined, from);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 200) unlocked += 1;
          }),
        );
      }
    }
    expect(unlocked).toBe(0);
    expect([...statuses.keys()].every((s) => s === 400 || s === 429)).toBe(true);
    // Every code met its five wrong tries: the real one of the last code is burnt too, and no account holds the number.
    expect((await verifyPhone(phone, real()).expect(400)).body.code).toBe('PHONE_CODE_INVALID');
    expect(await t.db.query(`SELECT id FROM app_user WHERE phone_e164 = $1`, [e164(phone)])).toHaveLength(0);
    const [{ max }] = await t.db.query(`SELECT max(attempts) AS max FROM phone_code WHERE phone = $1`, [e164(phone)]);
    expect(max).toBe(5);
    expect(victim.user.id).toBeGreaterThan(0);
  }, 600_000);

  it('badges: the seller in product and shop answers carries verified {email, phone}', async () => {
    const seller = await registerUser(t);
    const product = await createProduct(t, seller.user.id);
    const before = (await request(t.http).get(`/api/products/${product.id}`).expect(200)).body.data as Product;
    expect(before.user.verified).toEqual({ email: false, phone: false });
    await request(t.http)
      .post('/api/auth/email/verify')
      .send({ token: await linkToken(seller.email) })
      .expect(200);
    await withPhone(seller);
    const after = (await request(t.http).get(`/api/products/${product.id}`).set(bearer(seller.token)).expect(200)).body.data as Product;
    expect(after.user.verified).toEqual({ email: true, phone: true });
    const shop = (await request(t.http).get(`/api/sellers/${seller.user.id}`).expect(200)).body as SellerProfileResponse;
    expect(shop.data.verified).toEqual({ email: true, phone: true });
  });
});
