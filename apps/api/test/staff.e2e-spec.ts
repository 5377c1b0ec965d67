import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { ADMIN_ROLES, isAdminArea, type AdminRole } from '@kasuwa/contracts';
import { AREA_KEY } from '../src/common/admin-resource';
import { ACCESS_KEY } from '../src/common/auth.decorators';
import { base32Decode, totp } from '../src/modules/admins/two-factor/totp';
import { bearer, registerUser, STRONG_PASSWORD } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

let n = 0;

/** Accountable staff: admin two-factor sign-in, roles enforced by the API, and the audit log of admin writes. */
describe('admin two-factor sign-in, roles and the audit log', () => {
  const { t, admin } = appPerFile({ admin: true, env: { AUTH_RATE_LIMIT: '10000' } });

  /** A signup approved by the owner with `role`; answers its e-mail and token. */
  async function staff(role: AdminRole) {
    n += 1;
    const email = `${role}${n}@kasuwa.test`;
    await request(t.http)
      .post('/api/auth/admin/signup')
      .send({ email, firstName: 'Staff', lastName: role, phone: '08031112222', password: STRONG_PASSWORD })
      .expect(201);
    const [{ id }] = await t.db.query(`SELECT id FROM admin WHERE email = $1`, [email]);
    const approved = await request(t.http).put(`/api/admin/admins/${id}`).send({ status: 'active', role }).set(bearer(admin)).expect(200);
    expect(approved.body.role).toBe(role);
    const login = await request(t.http).post('/api/auth/admin/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    return { id: id as number, email, token: login.body.accessToken as string };
  }

  const login = (email: string, otp?: string) =>
    request(t.http)
      .post('/api/auth/admin/login')
      .send({ email, password: STRONG_PASSWORD, ...(otp ? { otp } : {}) });

  describe('two-factor sign-in (TOTP)', () => {
    it('enrol → confirm with a first code → sign-in needs a code; each code and recovery code works once; wrong codes are limited', async () => {
      const a = await staff('support');
      const me = await request(t.http).get('/api/auth/admin/me').set(bearer(a.token)).expect(200);
      expect(me.body).toMatchObject({ role: 'support', twoFactorEnabled: false, mustEnrol: false });

      const enrol = await request(t.http).post('/api/auth/admin/2fa/enrol').set(bearer(a.token)).expect(200);
      expect(enrol.body.otpauthUri).toBe(
        `otpauth://totp/Kasuwa:${encodeURIComponent(a.email)}?issuer=Kasuwa&secret=${enrol.body.secret}&algorithm=SHA1&digits=6&period=30`,
      );
      // The same address as a QR code, drawn on the server.
      expect(enrol.body.qrSvg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
      const secret = base32Decode(enrol.body.secret);
      // Stored sealed, never as the secret itself.
      const [stored] = await t.db.query(`SELECT totp_secret FROM admin WHERE id = $1`, [a.id]);
      expect(stored.totp_secret).toMatch(/^v1\./);
      expect(stored.totp_secret).not.toContain(enrol.body.secret);
      // Until confirmed, sign-in still needs the password alone.
      await login(a.email).expect(200);

      const wrongFirst = await request(t.http).post('/api/auth/admin/2fa/confirm').send({ otp: '000000' }).set(bearer(a.token)).expect(401);
      expect(wrongFirst.body.code).toBe('TWO_FACTOR_INVALID');
      const now = Date.now();
      const confirmed = await request(t.http)
        .post('/api/auth/admin/2fa/confirm')
        .send({ otp: totp(secret, now) })
        .set(bearer(a.token))
        .expect(200);
      const codes: string[] = confirmed.body.recoveryCodes;
      expect(codes).toHaveLength(10);
      // The old token ended; the new one works.
      await request(t.http).get('/api/auth/admin/me').set(bearer(a.token)).expect(401);
      await request(t.http).get('/api/auth/admin/me').set(bearer(confirmed.body.accessToken)).expect(200);
      await request(t.http).post('/api/auth/admin/2fa/enrol').set(bearer(confirmed.body.accessToken)).expect(409);
      const hashes = await t.db.query(`SELECT code_hash FROM admin_recovery_code WHERE admin_id = $1`, [a.id]);
      expect(hashes).toHaveLength(10);
      expect(hashes.map((h: { code_hash: string }) => h.code_hash)).not.toContain(codes[0]);

      // The password alone answers otpRequired and no token.
      const first = await login(a.email).expect(200);
      expect(first.body).toEqual({ otpRequired: true });
      // The code used to confirm does not open a session again; the next step's does, once.
      expect((await login(a.email, totp(secret, now)).expect(401)).body.code).toBe('TWO_FACTOR_INVALID');
      const next = totp(secret, now + 30_000);
      expect((await login(a.email, next).expect(200)).body.accessToken).toEqual(expect.any(String));
      await login(a.email, next).expect(401);

      // A recovery code works once, in any case and with or without its dash.
      await login(a.email, codes[0].toUpperCase()).expect(200);
      await login(a.email, codes[0]).expect(401);
      await login(a.email, codes[1].replace('-', '')).expect(200);

      // Wrong codes: five in 15 minutes (a right one starts the count again) lock code sign-in, even with a right code.
      for (let i = 0; i < 5; i++) await login(a.email, '123456').expect(401);
      const locked = await login(a.email, codes[2]).expect(429);
      expect(locked.body.code).toBe('TWO_FACTOR_LOCKED');
      const [row] = await t.db.query(`SELECT otp_failures FROM admin WHERE id = $1`, [a.id]);
      expect(row.otp_failures).toBe(5);
      // The owner can reset it (a lost phone), with a reason; the admin signs in with the password again and re-enrols.
      await request(t.http).post(`/api/admin/admins/${a.id}/reset-two-factor`).send({}).set(bearer(admin)).expect(422);
      await request(t.http)
        .post(`/api/admin/admins/${a.id}/reset-two-factor`)
        .send({ reason: 'Lost phone' })
        .set(bearer(admin))
        .expect(200);
      await login(a.email).expect(200);
    });
  });

  describe('roles', () => {
    it('the first admin is owner; a route outside a role answers 403 ROLE_FORBIDDEN', async () => {
      const me = await request(t.http).get('/api/auth/admin/me').set(bearer(admin)).expect(200);
      expect(me.body.role).toBe('owner');
      const [support, finance, moderator] = [await staff('support'), await staff('finance'), await staff('moderator')];
      const cases: [typeof support, string, string, number][] = [
        [support, 'GET', '/api/admin/refunds', 403],
        [support, 'POST', '/api/admin/refunds', 403],
        [support, 'GET', '/api/admin/users', 200],
        [support, 'GET', '/api/admin/orders', 200],
        [support, 'GET', '/api/admin/messages', 200],
        [support, 'GET', '/api/admin/disputes', 200],
        [support, 'PUT', '/api/admin/disputes/1', 403],
        [support, 'GET', '/api/admin/admins', 403],
        [support, 'GET', '/api/admin/audit-log', 403],
        [support, 'GET', '/api/admin/products', 403],
        [support, 'GET', '/api/inner/admin/dashboard/stats', 200],
        [finance, 'GET', '/api/admin/refunds', 200],
        [finance, 'GET', '/api/admin/payouts', 200],
        [finance, 'GET', '/api/admin/commission-rates', 200],
        [finance, 'GET', '/api/admin/reconciliation', 200],
        [finance, 'GET', '/api/admin/transactions', 200],
        [finance, 'GET', '/api/admin/ledger', 200],
        [finance, 'PUT', '/api/admin/users/1', 403],
        [finance, 'GET', '/api/admin/reports', 403],
        [moderator, 'GET', '/api/admin/products', 200],
        [moderator, 'GET', '/api/admin/reports', 200],
        [moderator, 'GET', '/api/admin/synonyms', 200],
        [moderator, 'POST', '/api/category/categories', 422],
        [support, 'POST', '/api/category/categories', 403],
        [finance, 'POST', '/api/commission', 422],
        [moderator, 'POST', '/api/commission', 403],
        [moderator, 'GET', '/api/admin/refunds', 403],
        [moderator, 'GET', '/api/admin/messages', 403],
        [admin as unknown as typeof support, 'GET', '/api/admin/audit-log', 200],
      ];
      for (const [who, method, path, status] of cases) {
        const res = await request(t.http)[method.toLowerCase() as 'get'](path).send({}).set(bearer(who.token));
        expect([method, path, res.status]).toEqual([method, path, status]);
        if (status === 403) expect(res.body.code).toBe('ROLE_FORBIDDEN');
      }
    });

    it('a role change needs a reason, is audited, applies to the next request; the last owner stays owner', async () => {
      const s = await staff('support');
      await request(t.http).put(`/api/admin/admins/${s.id}`).send({ role: 'finance' }).set(bearer(admin)).expect(422);
      await request(t.http)
        .put(`/api/admin/admins/${s.id}`)
        .send({ role: 'finance', reason: 'Moved to the finance team' })
        .set(bearer(admin))
        .expect(200);
      await request(t.http).get('/api/admin/refunds').set(bearer(s.token)).expect(200);
      await request(t.http).put(`/api/admin/admins/${s.id}`).send({ role: 'owner', reason: 'x' }).set(bearer(s.token)).expect(403);
      const [{ id: ownerId }] = await t.db.query(`SELECT id FROM admin WHERE email = 'admin@kasuwa.test'`);
      const last = await request(t.http)
        .put(`/api/admin/admins/${ownerId}`)
        .send({ role: 'support', reason: 'oops' })
        .set(bearer(admin))
        .expect(409);
      expect(last.body.code).toBe('LAST_OWNER');
      const log = await request(t.http)
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ targetType: 'admins', targetId: String(s.id), action: 'admins.role' }) })
        .set(bearer(admin))
        .expect(200);
      expect(log.body).toEqual([
        expect.objectContaining({
          before: { role: 'support' },
          after: { role: 'finance' },
          reason: 'Moved to the finance team',
          adminEmail: 'admin@kasuwa.test',
        }),
      ]);
    });

    it('every route an admin token opens names a back-office area of the role map', () => {
      const missing: string[] = [];
      for (const mod of t.app.get(ModulesContainer).values()) {
        for (const { metatype } of mod.controllers.values()) {
          if (!metatype) continue;
          const proto = metatype.prototype;
          for (const name of Object.getOwnPropertyNames(proto)) {
            const handler = proto[name];
            if (name === 'constructor' || typeof handler !== 'function') continue;
            const access = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, metatype);
            if (access !== 'admin' && access !== 'any') continue;
            const area = Reflect.getMetadata(AREA_KEY, handler) ?? Reflect.getMetadata(AREA_KEY, metatype);
            if (typeof area !== 'string' || !isAdminArea(area)) missing.push(`${metatype.name}.${name}`);
          }
        }
      }
      expect(missing).toEqual([]);
      expect(ADMIN_ROLES).toEqual(['owner', 'finance', 'support', 'moderator']);
    });
  });

  describe('audit log', () => {
    it('a block records who, what, the reason, the request id and address; a failed action records nothing', async () => {
      const seller = await registerUser(t);
      const p = await createProduct(t, seller.user.id);
      const before = Number((await t.db.query(`SELECT count(*) FROM audit_log`))[0].count);
      // Failed: no reason (422), a listing that is not blocked (409), a user without a suspension reason (422).
      await request(t.http).post(`/api/admin/products/${p.id}/block`).send({}).set(bearer(admin)).expect(422);
      await request(t.http).post(`/api/admin/products/${p.id}/unblock`).set(bearer(admin)).expect(409);
      await request(t.http).put(`/api/admin/users/${seller.user.id}`).send({ status: 'suspended' }).set(bearer(admin)).expect(422);
      expect(Number((await t.db.query(`SELECT count(*) FROM audit_log`))[0].count)).toBe(before);

      await request(t.http)
        .post(`/api/admin/products/${p.id}/block`)
        .send({ reason: 'Counterfeit goods' })
        .set(bearer(admin))
        .set('X-Request-Id', 'req-block-1')
        .expect(200);
      const page = await request(t.http)
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ targetType: 'products', targetId: String(p.id) }), range: '[0,9]', sort: '["at","DESC"]' })
        .set(bearer(admin))
        .expect(200);
      expect(page.headers['content-range']).toBe('audit-log 0-0/1');
      const [{ id: adminId }] = await t.db.query(`SELECT id FROM admin WHERE email = 'admin@kasuwa.test'`);
      expect(page.body[0]).toMatchObject({
        adminId,
        adminEmail: 'admin@kasuwa.test',
        action: 'products.block',
        targetType: 'products',
        targetId: String(p.id),
        before: { productStatus: 'active' },
        after: { productStatus: 'blocked' },
        reason: 'Counterfeit goods',
        requestId: 'req-block-1',
        clientIp: expect.stringMatching(/127\.0\.0\.1|::1/),
      });
      const one = await request(t.http).get(`/api/admin/audit-log/${page.body[0].id}`).set(bearer(admin)).expect(200);
      expect(one.body.reason).toBe('Counterfeit goods');

      // Filters: by admin and by date range.
      const today = new Date().toISOString().slice(0, 10);
      const byAdmin = await request(t.http)
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ adminId, action: 'products.block', from: today, to: today }) })
        .set(bearer(admin))
        .expect(200);
      expect(byAdmin.body.map((e: { targetId: string }) => e.targetId)).toContain(String(p.id));
      const past = await request(t.http)
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ action: 'products.block', to: '2020-01-01' }) })
        .set(bearer(admin))
        .expect(200);
      expect(past.body).toEqual([]);

      // A suspension keeps its reason, and the fields before and after.
      await request(t.http).delete(`/api/admin/users/${seller.user.id}`).send({ reason: 'Selling fakes' }).set(bearer(admin)).expect(200);
      const [suspended] = (
        await request(t.http)
          .get('/api/admin/audit-log')
          .query({ filter: JSON.stringify({ targetType: 'users', targetId: String(seller.user.id) }) })
          .set(bearer(admin))
      ).body;
      expect(suspended).toMatchObject({
        action: 'users.suspend',
        before: { status: 'active' },
        after: { status: 'suspended' },
        reason: 'Selling fakes',
      });
    });

    it('the entry and the write share one transaction: when the entry cannot be written, the suspension is undone too', async () => {
      const u = await registerUser(t);
      await t.db.query(
        `CREATE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
      );
      await t.db.query(`CREATE TRIGGER audit_log_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse()`);
      try {
        await request(t.http).delete(`/api/admin/users/${u.user.id}`).send({ reason: 'Spam' }).set(bearer(admin)).expect(500);
      } finally {
        await t.db.query(`DROP TRIGGER audit_log_refuse ON audit_log`);
        await t.db.query(`DROP FUNCTION audit_log_refuse()`);
      }
      const [row] = await t.db.query(`SELECT status FROM app_user WHERE id = $1`, [u.user.id]);
      expect(row.status).toBe('active');
      await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    });

    it('a synonym group an admin adds is in the log under its own action', async () => {
      const res = await request(t.http)
        .post('/api/admin/synonyms')
        .send({ terms: ['phone', 'mobile'] })
        .set(bearer(admin));
      expect(res.status).toBeLessThan(300);
      const [entry] = (
        await request(t.http)
          .get('/api/admin/audit-log')
          .query({ filter: JSON.stringify({ targetType: 'synonyms' }) })
          .set(bearer(admin))
      ).body;
      expect(entry).toMatchObject({ action: 'synonyms.create', adminEmail: 'admin@kasuwa.test' });
    });

    it('no route edits or deletes an entry, and the table refuses UPDATE and DELETE', async () => {
      const [{ id }] = await t.db.query(`SELECT id FROM audit_log ORDER BY id LIMIT 1`);
      for (const method of ['put', 'patch', 'delete', 'post'] as const) {
        const res = await request(t.http)[method](`/api/admin/audit-log/${id}`).send({ reason: 'tampered' }).set(bearer(admin));
        expect([method, res.status]).toEqual([method, 404]);
      }
      await request(t.http).post('/api/admin/audit-log').send({ action: 'forged' }).set(bearer(admin)).expect(404);
      await expect(t.db.query(`UPDATE audit_log SET reason = 'tampered' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(t.db.query(`DELETE FROM audit_log WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(t.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    });
  });
});
