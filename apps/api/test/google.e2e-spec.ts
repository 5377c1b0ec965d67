import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { appPerFile, googleStandInEnv, type TestApp } from './utils/test-app';

/** Sets what the OAuth2 stand-in's /userinfo answers next (see global-setup.mjs). */
async function nextGoogleProfile(profile: Record<string, unknown>) {
  await fetch(process.env.GOOGLE_MOCK_CONTROL!, { method: 'POST', body: JSON.stringify(profile) });
}

/**
 * Walks the browser part of the OAuth dance by hand: our redirect (which sets the state cookie) → the provider's
 * redirect back → our callback, carrying the cookie as a browser would (or another browser's, to test CSRF).
 */
async function googleSignIn(t: TestApp, cookieFrom?: (own: string) => string): Promise<URL> {
  const start = await request(t.http).get('/api/auth/google').expect(302);
  const cookie = (start.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  expect(cookie).toMatch(/^kasuwa_oauth_state=/);
  const authorize = new URL(start.headers.location);
  expect(authorize.origin).toBe(new URL(process.env.GOOGLE_MOCK_URL!).origin);
  expect(authorize.searchParams.get('state')).toBeTruthy();
  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/google/callback');
  const done = await request(t.http)
    .get(callback.pathname + callback.search)
    .set('Cookie', cookieFrom ? cookieFrom(cookie) : cookie)
    .expect(302);
  return new URL(done.headers.location);
}

describe('Google sign-in against a real OAuth2 server', () => {
  const { t } = appPerFile({ env: googleStandInEnv });

  it('reports Google as configured', async () => {
    expect((await request(t.http).get('/api/auth/providers').expect(200)).body).toEqual({ google: true });
  });

  it('creates a user and redirects to /auth-success with access_token and the user JSON', async () => {
    await nextGoogleProfile({
      sub: 'g-100',
      email: 'Kemi@Example.com',
      email_verified: true,
      given_name: 'Kemi',
      family_name: 'Ade',
      picture: 'https://example.com/k.png',
    });
    const to = await googleSignIn(t);
    expect(to.origin + to.pathname).toBe('http://localhost:3999/auth-success');
    const user = JSON.parse(to.searchParams.get('user')!);
    expect(user).toEqual({ email: 'kemi@example.com', fullName: 'Kemi Ade', profileImage: 'https://example.com/k.png' });
    const me = await request(t.http)
      .get('/api/profile/me')
      .set(bearer(to.searchParams.get('access_token')!))
      .expect(200);
    expect(me.body.data.email).toBe('kemi@example.com');
    // Google vouches for the address (rule "verified people").
    expect(me.body.data.verification).toMatchObject({ email: true, phone: false });
    // Same Google id again: same account.
    await nextGoogleProfile({ sub: 'g-100', email: 'kemi@example.com', email_verified: true, given_name: 'Kemi', family_name: 'Ade' });
    await googleSignIn(t);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM app_user WHERE google_id = 'g-100'`)).toEqual([{ n: 1 }]);
  });

  it('links to an existing password account by verified email', async () => {
    const u = await registerUser(t);
    await nextGoogleProfile({ sub: 'g-200', email: u.email, email_verified: true, given_name: 'X', family_name: 'Y' });
    const to = await googleSignIn(t);
    expect(JSON.parse(to.searchParams.get('user')!).email).toBe(u.email);
    const [row] = await t.db.query(`SELECT google_id, email_verified_at FROM app_user WHERE id = $1`, [u.user.id]);
    expect(row.google_id).toBe('g-200');
    // The password account's address was unverified; Google's verified address verifies it.
    expect(row.email_verified_at).toBeInstanceOf(Date);
  });

  it('does not put internal error text into the redirect when sign-in fails unexpectedly', async () => {
    // A NUL in the name makes Postgres refuse the row; its message must stay on the server.
    await nextGoogleProfile({ sub: 'g-400', email: 'nul@example.com', email_verified: true, given_name: 'A\u0000B', family_name: 'C' });
    const to = await googleSignIn(t);
    expect(to.pathname).toBe('/auth');
    expect(to.searchParams.get('error')).toBe('Google sign-in failed. Please try again.');
  });

  it('refuses a callback that did not start in this browser (login CSRF)', async () => {
    await nextGoogleProfile({ sub: 'g-csrf', email: 'attacker@example.com', email_verified: true });
    const noCookie = await googleSignIn(t, () => '');
    expect(noCookie.pathname).toBe('/auth');
    const otherBrowser = await googleSignIn(t, (own) => own.replace(/=([^.]+)\./, '=someoneelse.'));
    expect(otherBrowser.pathname).toBe('/auth');
    expect(await t.db.query(`SELECT 1 FROM app_user WHERE google_id = 'g-csrf'`)).toHaveLength(0);
  });

  it('does not link or create by an unverified email', async () => {
    await nextGoogleProfile({ sub: 'g-300', email: 'unverified@example.com', email_verified: false });
    const to = await googleSignIn(t);
    expect(to.pathname).toBe('/auth');
    expect(to.searchParams.get('error')).toMatch(/not verified/);
  });
});

describe('Google sign-in when not configured', () => {
  const { t } = appPerFile({ env: { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' } });

  it('says so instead of failing silently', async () => {
    expect((await request(t.http).get('/api/auth/providers')).body).toEqual({ google: false });
    const res = await request(t.http).get('/api/auth/google').expect(503);
    expect(res.body.message).toBe('Google sign-in is not available right now. Sign in with your email and password.');
  });
});
