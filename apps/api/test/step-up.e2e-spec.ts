import request from 'supertest';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { deliverAndRelease, paidOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { TermiiStandIn } from './utils/termii-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Rule "step-up before money moves" (ACCOUNT_VERIFICATION=required): saving a payout account and withdrawing need a
 * fresh SMS code to the verified phone, checked before anything else about the request; and rule "one place for bank
 * details": the profile's bank fields are the payout account.
 */
describe('step-up before money moves, one place for bank details', () => {
  const paystack = new PaystackStandIn();
  const termii = new TermiiStandIn();
  const { t } = appPerFile({
    paystack: {
      start: async () => Promise.all([paystack.start(), termii.start()]),
      stop: async () => Promise.all([paystack.stop(), termii.stop()]),
      env: () => ({ ...paystack.env(), ...termii.env() }),
    },
    env: { ACCOUNT_VERIFICATION: 'required', TRUST_PROXY: 'true', PHONE_CODE_LIMIT_PER_NUMBER: '50', PHONE_CODE_LIMIT_PER_CLIENT: '50' },
    afterEach: (t) => expectMoneyInvariants(t.db),
  });

  let ip = 0;
  const from = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
  let numbers = 0;

  /** A registered user whose e-mail and phone are verified (as if they had opened the link and entered the SMS code). */
  async function verifiedUser(): Promise<TestUser & { phone: string }> {
    const u = await registerUser(t);
    const phone = `+234805${String(1_000_000 + ++numbers * 7_919 + process.pid * 13).slice(-7)}`;
    await t.db.query(
      `UPDATE app_user SET email_verified_at = now(), phone_e164 = $2, phone = $2, phone_verified_at = now() WHERE id = $1`,
      [u.user.id, phone],
    );
    return { ...u, phone };
  }
  const stepUp = (u: TestUser) => request(t.http).post('/api/auth/step-up').set('X-Forwarded-For', from()).set(bearer(u.token));
  /** Asks for a step-up code and answers it (read from the SMS the Termii stand-in received). */
  const code = async (u: TestUser & { phone: string }) => {
    await stepUp(u).expect(200);
    return termii.lastCode(u.phone);
  };
  const saveAccount = (u: TestUser, body: Record<string, unknown>) =>
    request(t.http).put('/api/profile/payout-account').set(bearer(u.token)).send(body);
  const withdraw = (u: TestUser, body: Record<string, unknown>) =>
    request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send(body);
  const profile = async (u: TestUser) =>
    (await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200)).body.data ??
    (await request(t.http).get('/api/profile/me').set(bearer(u.token))).body;
  const lookups = () => paystack.requests.filter((r) => r.path === '/bank/resolve').length;

  it('without a code, saving a payout account and withdrawing are 403 STEP_UP_REQUIRED before the body, balance, hold or account are looked at', async () => {
    const u = await verifiedUser();
    paystack.accounts.set('058:0123400001', 'AMAKA OBI');
    const before = lookups();
    const refused = await saveAccount(u, { bankCode: '058', accountNumber: '0123400001' }).expect(403);
    expect(refused.body).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect(refused.body.message).toMatch(/code we send by SMS/);
    // Not even the bank was asked, and nothing was saved.
    expect(lookups()).toBe(before);
    expect((await t.db.query(`SELECT 1 FROM payout_account WHERE user_id = $1`, [u.user.id])).length).toBe(0);
    // A user with no account and no balance learns nothing about either; a malformed body is not validated yet.
    for (const body of [{ amount: '100000' }, { amount: '999999999999999' }, { amount: 'lots' }, {}]) {
      expect((await withdraw(u, body).expect(403)).body.code).toBe('STEP_UP_REQUIRED');
    }
    expect((await saveAccount(u, { bankCode: 'x' }).expect(403)).body.code).toBe('STEP_UP_REQUIRED');
  });

  it('POST /api/auth/step-up texts a code to the verified phone; a wrong code is 403, the right one saves once', async () => {
    const u = await verifiedUser();
    paystack.accounts.set('058:0123400002', 'AMAKA OBI');
    const sent = await stepUp(u).expect(200);
    expect(sent.body.phone).not.toContain(u.phone.slice(4, 10));
    expect(sent.body.message).toContain(u.phone.slice(-4));
    const otp = termii.lastCode(u.phone);
    // The code is stored as an HMAC, never in the clear.
    const rows = await t.db.query(`SELECT code_hash, purpose FROM phone_code WHERE phone = $1 ORDER BY id DESC LIMIT 1`, [u.phone]);
    expect(rows[0]).toMatchObject({ purpose: 'step_up' });
    expect(rows[0].code_hash).not.toContain(otp);

    const wrong = otp === '000000' ? '000001' : '000000';
    expect((await saveAccount(u, { bankCode: '058', accountNumber: '0123400002', otp: wrong }).expect(403)).body.code).toBe(
      'PHONE_CODE_INVALID',
    );
    for (const bad of [123456, { $ne: null }, ['1'], 'abcdef', '1'.repeat(12)]) {
      expect((await saveAccount(u, { bankCode: '058', accountNumber: '0123400002', otp: bad }).expect(403)).body.code).toBe(
        'PHONE_CODE_INVALID',
      );
    }
    const saved = await saveAccount(u, { bankCode: '058', accountNumber: '0123400002', otp }).expect(200);
    expect(saved.body.data).toMatchObject({ bankName: 'Guaranty Trust Bank', accountName: 'AMAKA OBI' });
    // Each code works once.
    expect((await saveAccount(u, { bankCode: '058', accountNumber: '0123400002', otp }).expect(403)).body.code).toBe('PHONE_CODE_INVALID');
  });

  it('a step-up code is not a sign-in code, and asking for a sign-in code does not cancel it', async () => {
    const u = await verifiedUser();
    paystack.accounts.set('058:0123400003', 'AMAKA OBI');
    const otp = await code(u);
    await request(t.http).post('/api/auth/phone/verify').set('X-Forwarded-For', from()).send({ phone: u.phone, code: otp }).expect(400);
    await request(t.http).post('/api/auth/phone/start').set('X-Forwarded-For', from()).send({ phone: u.phone }).expect(200);
    await saveAccount(u, { bankCode: '058', accountNumber: '0123400003', otp }).expect(200);
  });

  it('without a verified phone there is nowhere to send a code: 403 PHONE_NOT_VERIFIED', async () => {
    const u = await registerUser(t);
    await t.db.query(`UPDATE app_user SET email_verified_at = now() WHERE id = $1`, [u.user.id]);
    expect((await stepUp(u).expect(403)).body.code).toBe('PHONE_NOT_VERIFIED');
    expect((await saveAccount(u, { bankCode: '058', accountNumber: '0123400004', otp: '123456' }).expect(403)).body.code).toBe(
      'PHONE_NOT_VERIFIED',
    );
    expect((await withdraw(u, { amount: '100000', otp: '123456' }).expect(403)).body.code).toBe('PHONE_NOT_VERIFIED');
    await request(t.http).post('/api/auth/step-up').expect(401);
  });

  it('a withdrawal with a fresh code goes out; the code cannot be used for a second one', async () => {
    const seller = await verifiedUser();
    const buyer = await verifiedUser();
    const number = '0123400005';
    paystack.accounts.set(`058:${number}`, 'AMAKA OBI');
    await saveAccount(seller, { bankCode: '058', accountNumber: number, otp: await code(seller) }).expect(200);
    await t.db.query(`UPDATE payout_account SET payouts_hold_until = NULL WHERE user_id = $1`, [seller.user.id]);
    const { orderId: id } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 500_000, quantity: 1 });
    await deliverAndRelease(t, id, seller, buyer);

    const otp = await code(seller);
    const paid = await withdraw(seller, { amount: '200000', otp }).expect(201);
    expect(paid.body.data).toMatchObject({ amount: '200000' });
    expect((await withdraw(seller, { amount: '100000', otp }).expect(403)).body.code).toBe('PHONE_CODE_INVALID');
    // With a new code the request reaches the balance rules again.
    expect((await withdraw(seller, { amount: '9000000', otp: await code(seller) }).expect(409)).body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it("the profile's bank fields are the payout account; old free text shows as unconfirmed and the profile form cannot change them", async () => {
    const u = await verifiedUser();
    await t.db.query(
      `UPDATE app_user SET bank_name = 'Acess bank', bank_account_number = '0000000000', bank_account_name = 'me' WHERE id = $1`,
      [u.user.id],
    );
    expect(await profile(u)).toMatchObject({ bankName: 'Acess bank', bankAccountNumber: '0000000000', bankDetailsConfirmed: false });

    // The profile form (the product's fields) no longer writes bank details: that would skip the bank's name and the code.
    await request(t.http)
      .put('/api/profile/update')
      .set(bearer(u.token))
      .field({
        firstName: 'Amaka',
        lastName: 'Obi',
        gender: 'Female',
        phone: '08051234567',
        bankName: 'Zenith Bank',
        bankAccountNumber: '1111111111',
        bankAccountName: 'THIEF',
      })
      .expect((res) => expect(res.status).toBeLessThan(300));
    expect(await profile(u)).toMatchObject({ bankName: 'Acess bank', bankAccountNumber: '0000000000', bankDetailsConfirmed: false });

    paystack.accounts.set('044:0123400006', 'AMAKA OBI');
    await saveAccount(u, { bankCode: '044', accountNumber: '0123400006', otp: await code(u) }).expect(200);
    expect(await profile(u)).toMatchObject({
      bankName: 'Access Bank',
      bankAccountNumber: '0123400006',
      bankAccountName: 'AMAKA OBI',
      bankDetailsConfirmed: true,
    });
  });
});
