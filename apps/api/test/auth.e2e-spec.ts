import request from 'supertest';
import { bearer, registerUser, STRONG_PASSWORD } from './utils/actors';
import { appPerFile } from './utils/test-app';

describe('user accounts: register, login, reset', () => {
  const { t } = appPerFile();

  it('registers and returns { accessToken, user } with the profile shape', async () => {
    const res = await request(t.http)
      .post('/api/auth/register')
      .send({ email: '  Ada@Example.com ', password: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Obi' })
      .expect(201);
    expect(res.body.accessToken).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Obi', firstName: 'Ada', hasSellerOrders: false });
    const row = await t.db.query(`SELECT password_hash FROM app_user WHERE email = 'ada@example.com'`);
    expect(row[0].password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate email with 409', async () => {
    const u = await registerUser(t);
    const res = await request(t.http)
      .post('/api/auth/register')
      .send({ email: u.email, password: STRONG_PASSWORD, firstName: 'A', lastName: 'B' })
      .expect(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it.each([
    ['short', 'Ab1!', /between 8 and 128/],
    ['too long', 'x'.repeat(129), /between 8 and 128/],
    ['common', 'password123', /too common/],
  ])('refuses a %s password with a 422 field error', async (_, password, msg) => {
    const res = await request(t.http)
      .post('/api/auth/register')
      .send({ email: 'p@example.com', password, firstName: 'A', lastName: 'B' })
      .expect(422);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.error).toEqual([{ field: 'password', message: expect.stringMatching(msg) }]);
    expect(await t.db.query(`SELECT 1 FROM app_user WHERE email = 'p@example.com'`)).toHaveLength(0);
  });

  it('answers bad input with the 422 shape, one entry per field', async () => {
    const res = await request(t.http).post('/api/auth/register').send({ email: 'nope', password: STRONG_PASSWORD }).expect(422);
    const fields = res.body.error.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['email', 'firstName', 'lastName']);
  });

  it('logs in; unknown email and wrong password get the same answer', async () => {
    const u = await registerUser(t);
    const ok = await request(t.http).post('/api/auth/login').send({ email: u.email, password: u.password }).expect(200);
    expect(ok.body.user.email).toBe(u.email);
    const wrong = await request(t.http).post('/api/auth/login').send({ email: u.email, password: 'Wrong-password-1' }).expect(401);
    const unknown = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'ghost@example.com', password: 'Wrong-password-1' })
      .expect(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'BAD_CREDENTIALS' });
  });

  it('rememberMe gives a longer session', async () => {
    const u = await registerUser(t);
    const decode = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1], 'base64url').toString());
    const short = decode((await request(t.http).post('/api/auth/login').send({ email: u.email, password: u.password })).body.accessToken);
    const long = decode(
      (await request(t.http).post('/api/auth/login').send({ email: u.email, password: u.password, rememberMe: true })).body.accessToken,
    );
    expect(long.exp - long.iat).toBeGreaterThan(short.exp - short.iat);
    expect(short.aud).toBe('kasuwa-user');
  });

  it('forgot → mail in the outbox → reset once; the token cannot be reused; old sessions end', async () => {
    const u = await registerUser(t);
    const forgot = await request(t.http).post('/api/auth/forgot-password').send({ email: u.email }).expect(200);
    const unknown = await request(t.http).post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
    expect(forgot.body).toEqual(unknown.body);
    const [mail] = await t.db.query(`SELECT body, status FROM mail_outbox WHERE recipient = $1`, [u.email]);
    expect(mail.status).toBe('logged');
    const link = new URL(/http\S+/.exec(mail.body)![0]);
    expect(link.origin + link.pathname).toBe('http://localhost:3999/reset-password');
    const token = link.searchParams.get('token')!;

    const mismatch = await request(t.http)
      .post('/api/auth/reset-password')
      .send({ email: u.email, token, newPassword: 'Brand-new-pass-7', confirmPassword: 'Other-pass-7' })
      .expect(422);
    expect(mismatch.body.error[0]).toEqual({ field: 'confirmPassword', message: 'Passwords do not match' });

    await request(t.http)
      .post('/api/auth/reset-password')
      .send({ email: u.email, token, newPassword: 'Brand-new-pass-7', confirmPassword: 'Brand-new-pass-7' })
      .expect(200);
    await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(401);
    const again = await request(t.http)
      .post('/api/auth/reset-password')
      .send({ email: u.email, token, password: 'Another-pass-8', confirmPassword: 'Another-pass-8' })
      .expect(400);
    expect(again.body.message).toMatch(/invalid or has expired/);
    await request(t.http).post('/api/auth/login').send({ email: u.email, password: 'Brand-new-pass-7' }).expect(200);
  });

  it('an expired reset token is refused', async () => {
    const u = await registerUser(t);
    await request(t.http).post('/api/auth/forgot-password').send({ email: u.email }).expect(200);
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1`, [u.email]);
    const token = new URL(/http\S+/.exec(mail.body)![0]).searchParams.get('token')!;
    await t.db.query(`UPDATE password_reset SET expires_at = now() - interval '1 minute'`);
    await request(t.http)
      .post('/api/auth/reset-password')
      .send({ email: u.email, token, newPassword: 'Brand-new-pass-7', confirmPassword: 'Brand-new-pass-7' })
      .expect(400);
  });

  it('a token for one account does not reset another', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await request(t.http).post('/api/auth/forgot-password').send({ email: a.email }).expect(200);
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1`, [a.email]);
    const token = new URL(/http\S+/.exec(mail.body)![0]).searchParams.get('token')!;
    await request(t.http)
      .post('/api/auth/reset-password')
      .send({ email: b.email, token, newPassword: 'Brand-new-pass-7', confirmPassword: 'Brand-new-pass-7' })
      .expect(400);
  });
});
