import request from 'supertest';
import { appPerFile } from './utils/test-app';

describe('rate limits on sign-in calls', () => {
  const { t } = appPerFile({ env: { AUTH_RATE_LIMIT: '3' } });

  it.each(['/api/auth/login', '/api/auth/admin/login', '/api/auth/forgot-password', '/api/onboarding/admin/forgot-password'])(
    '%s answers 429 with a message after the limit',
    async (path) => {
      for (let i = 0; i < 3; i++) await request(t.http).post(path).send({ email: 'a@example.com', password: 'whatever-123' });
      const res = await request(t.http).post(path).send({ email: 'a@example.com', password: 'whatever-123' }).expect(429);
      expect(res.body).toEqual({ message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' });
    },
  );

  it('other calls are not limited by it', async () => {
    for (let i = 0; i < 6; i++) await request(t.http).get('/api/health').expect(200);
  });
});
