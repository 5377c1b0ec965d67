import request from 'supertest';
import type { AuthResponse } from '@kasuwa/contracts';
import type { TestApp } from './test-app';

let n = 0;
export const STRONG_PASSWORD = 'Correct-Horse-9!';

/** Registers a fresh user and returns its token and profile. */
export async function registerUser(
  t: TestApp,
  over: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
) {
  n += 1;
  const body = {
    email: `user${n}.${Date.now()}@example.com`,
    firstName: 'Test',
    lastName: `User${n}`,
    password: STRONG_PASSWORD,
    ...over,
  };
  const res = await request(t.http).post('/api/auth/register').send(body).expect(201);
  const auth = res.body as AuthResponse;
  return { ...auth, token: auth.accessToken, email: body.email, password: body.password };
}

export type TestUser = Awaited<ReturnType<typeof registerUser>>;

/** Signs in as the first admin (ADMIN_EMAIL / ADMIN_PASSWORD defaults). */
export async function adminToken(t: TestApp): Promise<string> {
  const res = await request(t.http)
    .post('/api/auth/admin/login')
    .send({ email: 'admin@kasuwa.test', password: 'kasuwa-admin-2026' })
    .expect(200);
  return res.body.accessToken;
}

/** The Authorization header of a token, or of a user or admin handle (`{ token }`). */
export const bearer = (who: string | { token: string }) => ({ Authorization: `Bearer ${typeof who === 'string' ? who : who.token}` });

/** A back-office list (GET with react-admin's JSON `filter`) read as `who`: its rows (200). */
export async function adminList(t: TestApp, who: string | { token: string }, path: string, filter: Record<string, unknown>) {
  return (
    await request(t.http)
      .get(path)
      .query({ filter: JSON.stringify(filter) })
      .set(bearer(who))
      .expect(200)
  ).body;
}
