import request from 'supertest';
import { totp, base32Decode } from '../src/modules/admins/two-factor/totp';
import { bearer } from './utils/actors';
import { appPerFile } from './utils/test-app';

/** ADMIN_2FA=required (production's default): an admin without two-factor sign-in reaches only enrolment until done. */
describe('ADMIN_2FA=required', () => {
  const { t, admin } = appPerFile({ admin: true, env: { ADMIN_2FA: 'required' } });

  it('the password opens a token that reaches only the admin’s account and enrolment; confirming opens the rest', async () => {
    const me = await request(t.http).get('/api/auth/admin/me').set(bearer(admin)).expect(200);
    expect(me.body).toMatchObject({ role: 'owner', twoFactorEnabled: false, mustEnrol: true });
    for (const path of ['/api/admin/users', '/api/admin/audit-log', '/api/inner/admin/dashboard/stats']) {
      const res = await request(t.http).get(path).set(bearer(admin)).expect(403);
      expect(res.body.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    }
    const enrol = await request(t.http).post('/api/auth/admin/2fa/enrol').set(bearer(admin)).expect(200);
    const confirmed = await request(t.http)
      .post('/api/auth/admin/2fa/confirm')
      .send({ otp: totp(base32Decode(enrol.body.secret), Date.now()) })
      .set(bearer(admin))
      .expect(200);
    await request(t.http).get('/api/admin/users').set(bearer(confirmed.body.accessToken)).expect(200);
    const log = await request(t.http)
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ action: 'admins.two-factor-on' }) })
      .set(bearer(confirmed.body.accessToken))
      .expect(200);
    expect(log.body).toHaveLength(1);
    expect(JSON.stringify(log.body)).not.toContain(enrol.body.secret);
    const login = await request(t.http)
      .post('/api/auth/admin/login')
      .send({ email: 'admin@kasuwa.test', password: 'kasuwa-admin-2026' })
      .expect(200);
    expect(login.body).toEqual({ otpRequired: true });
  });
});
