import request from 'supertest';
import { bearer, registerUser, STRONG_PASSWORD } from './utils/actors';
import { appPerFile } from './utils/test-app';

describe('admins and the back-office user surface', () => {
  const { t, admin } = appPerFile({ admin: true });

  it('the first admin exists from ADMIN_EMAIL and is never overwritten', async () => {
    const rows = await t.db.query(`SELECT email, status FROM admin`);
    expect(rows).toEqual([{ email: 'admin@kasuwa.test', status: 'active' }]);
    const me = await request(t.http).get('/api/auth/admin/me').set(bearer(admin)).expect(200);
    expect(me.body.data.email).toBe('admin@kasuwa.test');
  });

  it('admin login: wrong password is 401 with the same text as an unknown admin', async () => {
    const a = await request(t.http)
      .post('/api/auth/admin/login')
      .send({ email: 'admin@kasuwa.test', password: 'nope-nope-nope' })
      .expect(401);
    const b = await request(t.http).post('/api/auth/admin/login').send({ email: 'x@kasuwa.test', password: 'nope-nope-nope' }).expect(401);
    expect(a.body).toEqual(b.body);
    await request(t.http).post('/api/auth/admin/login').send({ email: 'admin@kasuwa.test' }).expect(422);
  });

  it('signup files a request; login awaits approval; approve → login works; decline refuses', async () => {
    const body = { email: 'new.admin@kasuwa.test', firstName: 'Nkem', lastName: 'Ude', phone: '08031112222', password: STRONG_PASSWORD };
    await request(t.http).post('/api/auth/admin/signup').send(body).expect(201);
    await request(t.http).post('/api/auth/admin/signup').send(body).expect(409);
    const pending = await request(t.http).post('/api/auth/admin/login').send({ email: body.email, password: body.password }).expect(403);
    expect(pending.body.message).toMatch(/awaiting approval/);

    const list = await request(t.http)
      .get('/api/admin/admins')
      .query({ filter: JSON.stringify({ status: 'pending' }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.headers['content-range']).toBe('admins 0-0/1');
    const id = list.body[0].id;
    await request(t.http).put(`/api/admin/admins/${id}`).send({ status: 'active' }).set(bearer(admin)).expect(200);
    await request(t.http).post(`/api/admin/admins/${id}/decline`).set(bearer(admin)).expect(409);
    await request(t.http).post('/api/auth/admin/login').send({ email: body.email, password: body.password }).expect(200);

    await request(t.http)
      .post('/api/auth/admin/signup')
      .send({ ...body, email: 'no.admin@kasuwa.test' })
      .expect(201);
    const [row] = await t.db.query(`SELECT id FROM admin WHERE email = 'no.admin@kasuwa.test'`);
    await request(t.http).post(`/api/admin/admins/${row.id}/decline`).set(bearer(admin)).expect(200);
    const declined = await request(t.http)
      .post('/api/auth/admin/login')
      .send({ email: 'no.admin@kasuwa.test', password: body.password })
      .expect(403);
    expect(declined.body.message).toMatch(/declined/);
  });

  it('user tokens never open admin endpoints; admin tokens never open user endpoints', async () => {
    const u = await registerUser(t);
    await request(t.http).get('/api/admin/users').set(bearer(u.token)).expect(401);
    await request(t.http).get('/api/inner/admin/users').set(bearer(u.token)).expect(401);
    await request(t.http).get('/api/auth/admin/me').set(bearer(u.token)).expect(401);
    await request(t.http).get('/api/admin/users').expect(401);
    await request(t.http).get('/api/profile/me').set(bearer(admin)).expect(401);
  });

  it('lists users in ra-data-simple-rest conventions with server-side search and Content-Range', async () => {
    await registerUser(t, { firstName: 'Zainab', lastName: 'Lawal', email: 'zainab@example.com' });
    for (let i = 0; i < 11; i++) await registerUser(t);
    const page = await request(t.http)
      .get('/api/admin/users')
      .query({ sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 9]), filter: '{}' })
      .set(bearer(admin))
      .expect(200);
    expect(page.body).toHaveLength(10);
    expect(page.headers['content-range']).toMatch(/^users 0-9\/\d+$/);
    expect(page.headers['access-control-expose-headers']).toBe('Content-Range');
    const found = await request(t.http)
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: 'zaina' }) })
      .set(bearer(admin))
      .expect(200);
    expect(found.body.map((u: { email: string }) => u.email)).toEqual(['zainab@example.com']);
    const byMail = await request(t.http)
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: 'ZAINAB@example' }) })
      .set(bearer(admin))
      .expect(200);
    expect(byMail.body).toHaveLength(1);
    await request(t.http).get('/api/admin/users').query({ range: 'oops' }).set(bearer(admin)).expect(422);
  });

  it('supports react-admin getMany (filter by a list of ids)', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const res = await request(t.http)
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ id: [a.user.id, b.user.id] }) })
      .set(bearer(admin))
      .expect(200);
    expect(res.body.map((u: { id: number }) => u.id).sort()).toEqual([a.user.id, b.user.id].sort());
  });

  it('the spec’s /inner/admin/users shapes', async () => {
    const res = await request(t.http).get('/api/inner/admin/users').query({ page: 1, limit: 5 }).set(bearer(admin)).expect(200);
    expect(res.body).toEqual({ users: expect.any(Array), total: expect.any(Number), totalPages: expect.any(Number), currentPage: 1 });
    expect(res.body.users).toHaveLength(5);
    const one = await request(t.http).get(`/api/inner/admin/users/${res.body.users[0].id}`).set(bearer(admin)).expect(200);
    expect(one.body.data.email).toBe(res.body.users[0].email);
    await request(t.http).get('/api/inner/admin/users/999999').set(bearer(admin)).expect(404);
  });

  it('suspending (DELETE) ends the user’s sessions and blocks sign-in; reactivating restores it', async () => {
    const u = await registerUser(t);
    await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    await request(t.http).delete(`/api/admin/users/${u.user.id}`).set(bearer(admin)).expect(422); // a suspension needs its reason
    const res = await request(t.http)
      .delete(`/api/admin/users/${u.user.id}`)
      .send({ reason: 'Fraud reports' })
      .set(bearer(admin))
      .expect(200);
    expect(res.body.status).toBe('suspended');
    await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(401);
    const login = await request(t.http).post('/api/auth/login').send({ email: u.email, password: u.password }).expect(401);
    expect(login.body.message).toMatch(/suspended/);
    await request(t.http).put(`/api/admin/users/${u.user.id}`).send({ status: 'active' }).set(bearer(admin)).expect(200);
    await request(t.http).post('/api/auth/login').send({ email: u.email, password: u.password }).expect(200);
  });

  it('admin edit validates input', async () => {
    const u = await registerUser(t);
    const bad = await request(t.http)
      .put(`/api/admin/users/${u.user.id}`)
      .send({ status: 'deleted', phone: '1' })
      .set(bearer(admin))
      .expect(422);
    expect(bad.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['phone', 'status']);
    const ok = await request(t.http).put(`/api/admin/users/${u.user.id}`).send({ firstName: 'Renamed' }).set(bearer(admin)).expect(200);
    expect(ok.body.firstName).toBe('Renamed');
  });

  it('admin forgot/reset password through the onboarding calls', async () => {
    const f = await request(t.http).post('/api/onboarding/admin/forgot-password').send({ email: 'admin@kasuwa.test' }).expect(200);
    expect(f.body).toEqual({ success: true, message: expect.any(String) });
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = 'admin@kasuwa.test' ORDER BY id DESC LIMIT 1`);
    const link = new URL(/http\S+/.exec(mail.body)![0]);
    expect(link.pathname).toBe('/app.admin/reset-password');
    const token = link.searchParams.get('token')!;
    await request(t.http)
      .post('/api/onboarding/admin/email/reset-password')
      .send({ email: 'admin@kasuwa.test', token, password: 'Admin-new-pass-5', confirmPassword: 'Admin-new-pass-5' })
      .expect(200);
    await request(t.http).get('/api/auth/admin/me').set(bearer(admin)).expect(401);
    await request(t.http).post('/api/auth/admin/login').send({ email: 'admin@kasuwa.test', password: 'Admin-new-pass-5' }).expect(200);
  });
});
