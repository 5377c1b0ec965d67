import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { ACCESS_KEY } from '../src/common/auth.decorators';
import { base32Decode, totp } from '../src/modules/admins/two-factor/totp';
import { bearer, STRONG_PASSWORD } from './utils/actors';
import { createProduct, placeOrder, postListing } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { initializePayment, openDispute, paidOrder } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Every admin write leaves an audit entry written in the write's own transaction: the walk below finds each write route
 * an admin token opens and the table performs it three ways. With the audit log refusing inserts (a trigger), the write
 * must fail and leave its rows as they were (an entry written after the commit would leave the change in place); then
 * it succeeds with an entry naming who, the action, the target and the fields before and after; and a refused write
 * (bad input, unknown id) leaves no entry.
 */
describe('audit log: every admin write, in its own transaction', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = appPerFile({ paystack, users: [{}, {}], admin: true, env: { AUTH_RATE_LIMIT: '10000' } });

  type Call = () => request.Test | Promise<request.Response>;
  /** One write as arranged: how to send it, the rows it changes (read before and after), and the entry it must leave. */
  interface Arranged {
    send: Call;
    state: () => Promise<unknown>;
    entry: { action: string; targetType: string; targetId?: string; before?: unknown; after?: unknown; reason?: string };
    /** The same route refused (bad input or an unknown id): no entry. */
    refused: Call;
    /** Who sends it when not the first admin (the two-factor enrolment is the admin's own). */
    as?: string;
  }

  const rows =
    (sql: string, params: unknown[] = []) =>
    () =>
      t.db.query(sql, params);
  const count = (table: string) => rows(`SELECT count(*)::int AS n FROM ${table}`);
  const put = (path: string, body: object, who?: string) => () =>
    request(t.http)
      .put(path)
      .set(bearer(who ?? admin.token))
      .send(body);
  const post =
    (path: string, body: object = {}, who?: string) =>
    () =>
      request(t.http)
        .post(path)
        .set(bearer(who ?? admin.token))
        .send(body);
  const del =
    (path: string, body: object = {}) =>
    () =>
      request(t.http).delete(path).set(bearer(admin.token)).send(body);
  let n = 0;
  const next = () => ++n;

  async function category(): Promise<number> {
    const [c] = await t.db.query(`INSERT INTO category (category_name, slug, position) VALUES ($1, $1, 5) RETURNING id`, [
      `audit-cat-${next()}`,
    ]);
    return c.id;
  }
  const categoryRow = (id: number) => rows(`SELECT category_name, position, status FROM category WHERE id = $1`, [id]);

  /** The categories and commission notes have an older route set beside the back office's; both go through one service. */
  function categoryWrites(base: string): Record<string, () => Promise<Arranged>> {
    return {
      [`POST ${base}`]: async () => {
        const name = `Made ${next()}`;
        return {
          send: post(base, { categoryName: name }),
          state: count('category'),
          entry: { action: 'categories.create', targetType: 'categories', after: expect.objectContaining({ categoryName: name }) },
          refused: post(base, { categoryName: '' }),
        };
      },
      [`PUT ${base}/:id`]: async () => {
        const id = await category();
        // A reorder is an edit of the position: before and after are kept.
        return {
          send: put(`${base}/${id}`, { categoryName: `Renamed ${id}`, position: 1 }),
          state: categoryRow(id),
          entry: {
            action: 'categories.update',
            targetType: 'categories',
            targetId: String(id),
            before: expect.objectContaining({ position: 5 }),
            after: expect.objectContaining({ position: 1, categoryName: `Renamed ${id}` }),
          },
          refused: put(`${base}/99999999`, { categoryName: 'x' }),
        };
      },
      [`DELETE ${base}/:id`]: async () => {
        const id = await category();
        return {
          send: del(`${base}/${id}`),
          state: categoryRow(id),
          entry: {
            action: 'categories.delete',
            targetType: 'categories',
            targetId: String(id),
            before: expect.objectContaining({ position: 5 }),
          },
          refused: del(`${base}/99999999`),
        };
      },
    };
  }
  async function note(): Promise<number> {
    const [c] = await t.db.query(`INSERT INTO commission (note) VALUES ($1) RETURNING id`, [`Note ${next()}`]);
    return c.id;
  }
  function commissionWrites(base: string): Record<string, () => Promise<Arranged>> {
    return {
      [`POST ${base}`]: async () => ({
        send: post(base, { note: '5% of each sale' }),
        state: count('commission'),
        entry: { action: 'commissions.create', targetType: 'commissions', after: { note: '5% of each sale' } },
        refused: post(base, { note: 42 }),
      }),
      [`PUT ${base}/:id`]: async () => {
        const id = await note();
        return {
          send: put(`${base}/${id}`, { note: '6% of each sale' }),
          state: rows(`SELECT note FROM commission WHERE id = $1`, [id]),
          entry: {
            action: 'commissions.update',
            targetType: 'commissions',
            targetId: String(id),
            before: { note: expect.stringMatching(/^Note/) },
            after: { note: '6% of each sale' },
          },
          refused: put(`${base}/99999999`, { note: 'x' }),
        };
      },
      [`DELETE ${base}/:id`]: async () => {
        const id = await note();
        return {
          send: del(`${base}/${id}`),
          state: rows(`SELECT note FROM commission WHERE id = $1`, [id]),
          entry: { action: 'commissions.delete', targetType: 'commissions', targetId: String(id) },
          refused: del(`${base}/99999999`),
        };
      },
    };
  }

  async function contactMessage(): Promise<number> {
    const [m] = await t.db.query(
      `INSERT INTO contact_message (email, subject, message) VALUES ('asker@kasuwa.test', 'Where is my order', 'Hello') RETURNING id`,
    );
    return m.id;
  }
  async function review(): Promise<number> {
    const [r] = await t.db.query(
      `INSERT INTO review (order_id, buyer_id, seller_id, rating, text) VALUES ($1, $2, $3, 2, 'Rude') RETURNING id`,
      [await pendingOrder(), buyer.user.id, seller.user.id],
    );
    return r.id;
  }
  async function report(): Promise<number> {
    const p = await createProduct(t, seller.user.id);
    const [r] = await t.db.query(
      `INSERT INTO report (reporter_id, target_type, target_id, reason) VALUES ($1, 'product', $2, 'scam') RETURNING id`,
      [buyer.user.id, p.id],
    );
    return r.id;
  }
  async function staffRequest(): Promise<number> {
    const email = `audit.staff${next()}@kasuwa.test`;
    await request(t.http)
      .post('/api/auth/admin/signup')
      .send({ email, firstName: 'Staff', lastName: 'Member', phone: '08031112222', password: STRONG_PASSWORD })
      .expect(201);
    const [{ id }] = await t.db.query(`SELECT id FROM admin WHERE email = $1`, [email]);
    return id;
  }
  /** An approved support admin signed in: answers its id, token and e-mail. */
  async function staffMember() {
    const id = await staffRequest();
    await request(t.http).put(`/api/admin/admins/${id}`).send({ status: 'active', role: 'support' }).set(bearer(admin.token)).expect(200);
    const [{ email }] = await t.db.query(`SELECT email FROM admin WHERE id = $1`, [id]);
    const login = await request(t.http).post('/api/auth/admin/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    return { id, token: login.body.accessToken as string };
  }
  const adminRow = (id: number) =>
    rows(`SELECT status, role, totp_secret IS NOT NULL AS pending, totp_enabled_at IS NOT NULL AS on FROM admin WHERE id = $1`, [id]);
  const move = (token: string, id: number, to: string, reason?: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to, reason }).expect(200);
  async function rejectedOrder() {
    const { orderId, reference } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 300_000 });
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, orderId, to);
    await move(buyer.token, orderId, 'rejected_by_buyer', 'Wrong colour');
    const [req] = await t.db.query(`SELECT id FROM refund_request WHERE order_id = $1`, [orderId]);
    return { orderId, reference, requestId: req.id as number };
  }
  /** A pending order of one item: answers its id. */
  async function pendingOrder(): Promise<number> {
    const p = await createProduct(t, seller.user.id);
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    return placed.orders[0].id;
  }
  async function appUser(firstName = 'Ada', lastName = 'Obi', tag = 'user'): Promise<number> {
    const [u] = await t.db.query(`INSERT INTO app_user (email, first_name, last_name) VALUES ($1, $2, $3) RETURNING id`, [
      `audit.${tag}${next()}@kasuwa.test`,
      firstName,
      lastName,
    ]);
    return u.id;
  }
  async function commissionRate(): Promise<number> {
    const [{ id }] = await t.db.query(`INSERT INTO commission_rate (category_id, rate_bp) VALUES ($1, 400) RETURNING id`, [
      await category(),
    ]);
    return id;
  }
  /** Cancelling a pending order: the seller's and buyer's route and the back office's write the same entry. */
  async function orderCancel(send: (id: number, reason?: string) => Call, reason: string): Promise<Arranged> {
    const id = await pendingOrder();
    const change = { before: { status: 'pending' }, after: { status: 'cancelled' } };
    return {
      send: send(id, reason),
      state: rows(`SELECT status FROM "order" WHERE id = $1`, [id]),
      entry: { action: 'orders.status', targetType: 'orders', targetId: String(id), ...change, reason },
      refused: send(id),
    };
  }
  /** A listing deleted by the back office's route or the sellers' one: the same service, the same entry. */
  function productDelete(base: string): () => Promise<Arranged> {
    return async () => {
      const p = await createProduct(t, seller.user.id, { name: 'Gone soon' });
      return {
        send: del(`${base}/${p.id}`),
        state: rows(`SELECT status FROM product WHERE id = $1`, [p.id]),
        entry: {
          action: 'products.delete',
          targetType: 'products',
          targetId: String(p.id),
          before: { productName: 'Gone soon', status: 'active' },
        },
        refused: del(`${base}/99999999`),
      };
    };
  }
  /** A staff request decided by the back office (edit, approve or decline): the entry names the staff row. */
  function staffDecision(send: (id: number) => Call, after: object, refused: (id: number) => Call): () => Promise<Arranged> {
    return async () => {
      const id = await staffRequest();
      return {
        send: send(id),
        state: adminRow(id),
        entry: {
          action: expect.stringMatching(/^admins\./),
          targetType: 'admins',
          targetId: String(id),
          after: expect.objectContaining(after),
        },
        refused: refused(id),
      };
    };
  }

  /** Each admin write route (method and path as Nest declares it) and how to perform it. */
  const WRITES: Record<string, () => Promise<Arranged>> = {
    ...categoryWrites('/api/admin/categories'),
    ...categoryWrites('/api/category/categories'),
    ...commissionWrites('/api/admin/commissions'),
    ...commissionWrites('/api/commission'),
    'POST /api/admin/synonyms': async () => ({
      send: post('/api/admin/synonyms', { terms: ['okada', 'motorbike'] }),
      state: count('search_synonym'),
      entry: { action: 'synonyms.create', targetType: 'synonyms', after: { terms: ['okada', 'motorbike'] } },
      refused: post('/api/admin/synonyms', { terms: [] }),
    }),
    'PUT /api/admin/synonyms/:id': async () => {
      const [{ id }] = await t.db.query(`INSERT INTO search_synonym (terms) VALUES ('{keke,tricycle}') RETURNING id`);
      return {
        send: put(`/api/admin/synonyms/${id}`, { terms: ['keke', 'napep'] }),
        state: rows(`SELECT terms FROM search_synonym WHERE id = $1`, [id]),
        entry: {
          action: 'synonyms.update',
          targetType: 'synonyms',
          targetId: String(id),
          before: { terms: ['keke', 'tricycle'] },
          after: { terms: ['keke', 'napep'] },
        },
        refused: put('/api/admin/synonyms/99999999', { terms: ['a', 'b'] }),
      };
    },
    'DELETE /api/admin/synonyms/:id': async () => {
      const [{ id }] = await t.db.query(`INSERT INTO search_synonym (terms) VALUES ('{danfo,bus}') RETURNING id`);
      return {
        send: del(`/api/admin/synonyms/${id}`),
        state: rows(`SELECT terms FROM search_synonym WHERE id = $1`, [id]),
        entry: { action: 'synonyms.delete', targetType: 'synonyms', targetId: String(id), before: { terms: ['danfo', 'bus'] } },
        refused: del('/api/admin/synonyms/99999999'),
      };
    },
    'POST /api/admin/commission-rates': async () => {
      const c = await category();
      return {
        send: post('/api/admin/commission-rates', { categoryId: c, rateBp: 700 }),
        state: count('commission_rate'),
        entry: { action: 'commission-rates.create', targetType: 'commission-rates', after: { categoryId: c, rateBp: 700 } },
        refused: post('/api/admin/commission-rates', { categoryId: 99999999, rateBp: 700 }),
      };
    },
    'PUT /api/admin/commission-rates/:id': async () => {
      const id = await commissionRate();
      return {
        send: put(`/api/admin/commission-rates/${id}`, { rateBp: 450 }),
        state: rows(`SELECT rate_bp FROM commission_rate WHERE id = $1`, [id]),
        entry: {
          action: 'commission-rates.update',
          targetType: 'commission-rates',
          targetId: String(id),
          before: { rateBp: 400 },
          after: { rateBp: 450 },
        },
        refused: put('/api/admin/commission-rates/99999999', { rateBp: 450 }),
      };
    },
    'DELETE /api/admin/commission-rates/:id': async () => {
      const id = await commissionRate();
      const [def] = await t.db.query(`SELECT id FROM commission_rate WHERE category_id IS NULL`);
      return {
        send: del(`/api/admin/commission-rates/${id}`),
        state: rows(`SELECT rate_bp FROM commission_rate WHERE id = $1`, [id]),
        entry: {
          action: 'commission-rates.delete',
          targetType: 'commission-rates',
          targetId: String(id),
          before: expect.objectContaining({ rateBp: 400 }),
        },
        refused: del(`/api/admin/commission-rates/${def.id}`),
      };
    },
    'PUT /api/admin/messages/:id': async () => {
      const id = await contactMessage();
      return {
        send: put(`/api/admin/messages/${id}`, { isRead: true }),
        state: rows(`SELECT is_read FROM contact_message WHERE id = $1`, [id]),
        entry: {
          action: 'messages.mark',
          targetType: 'messages',
          targetId: String(id),
          before: { isRead: false },
          after: { isRead: true },
        },
        refused: put('/api/admin/messages/99999999', { isRead: true }),
      };
    },
    'POST /api/admin/messages/:id/reply': async () => {
      const id = await contactMessage();
      return {
        send: post(`/api/admin/messages/${id}/reply`, { reply: 'It ships today' }),
        state: async () => [await rows(`SELECT reply, is_read FROM contact_message WHERE id = $1`, [id])(), await count('mail_outbox')()],
        entry: {
          action: 'messages.reply',
          targetType: 'messages',
          targetId: String(id),
          before: { isRead: false, reply: null },
          after: { isRead: true, reply: 'It ships today' },
        },
        refused: post('/api/admin/messages/99999999/reply', { reply: 'x' }),
      };
    },
    'PUT /api/admin/reviews/:id': async () => {
      const id = await review();
      return {
        send: put(`/api/admin/reviews/${id}`, { hidden: true, reason: 'Insults the seller' }),
        state: rows(`SELECT hidden_at IS NOT NULL AS hidden FROM review WHERE id = $1`, [id]),
        entry: {
          action: 'reviews.hide',
          targetType: 'reviews',
          targetId: String(id),
          before: { hidden: false },
          after: { hidden: true },
          reason: 'Insults the seller',
        },
        refused: put('/api/admin/reviews/99999999', { hidden: true, reason: 'x' }),
      };
    },
    'PUT /api/admin/reports/:id': async () => {
      const id = await report();
      return {
        send: put(`/api/admin/reports/${id}`, { action: 'dismiss', reason: 'The listing is genuine' }),
        state: rows(`SELECT status, action FROM report WHERE id = $1`, [id]),
        entry: {
          action: 'reports.dismiss',
          targetType: 'reports',
          targetId: String(id),
          before: { status: 'open', openReports: 1 },
          after: expect.objectContaining({ status: 'resolved', action: 'dismiss' }),
          reason: 'The listing is genuine',
        },
        refused: put(`/api/admin/reports/${id}`, { action: 'dismiss' }),
      };
    },
    'PUT /api/admin/products/:id': async () => {
      const p = await createProduct(t, seller.user.id, { name: 'Old name' });
      return {
        send: put(`/api/admin/products/${p.id}`, { productName: 'Clear name' }),
        state: rows(`SELECT product_name FROM product WHERE id = $1`, [p.id]),
        entry: {
          action: 'products.update',
          targetType: 'products',
          targetId: String(p.id),
          before: { productName: 'Old name' },
          after: { productName: 'Clear name' },
        },
        refused: put('/api/admin/products/99999999', { productName: 'x' }),
      };
    },
    'POST /api/admin/products/:id/block': async () => {
      const p = await createProduct(t, seller.user.id);
      return {
        send: post(`/api/admin/products/${p.id}/block`, { reason: 'Counterfeit' }),
        state: rows(`SELECT status FROM product WHERE id = $1`, [p.id]),
        entry: {
          action: 'products.block',
          targetType: 'products',
          targetId: String(p.id),
          before: { productStatus: 'active' },
          after: { productStatus: 'blocked' },
          reason: 'Counterfeit',
        },
        refused: post(`/api/admin/products/${p.id}/block`, {}),
      };
    },
    'POST /api/admin/products/:id/unblock': async () => {
      const p = await createProduct(t, seller.user.id);
      await request(t.http).post(`/api/admin/products/${p.id}/block`).send({ reason: 'Counterfeit' }).set(bearer(admin.token)).expect(200);
      return {
        send: post(`/api/admin/products/${p.id}/unblock`),
        state: rows(`SELECT status FROM product WHERE id = $1`, [p.id]),
        entry: {
          action: 'products.unblock',
          targetType: 'products',
          targetId: String(p.id),
          before: expect.objectContaining({ productStatus: 'blocked' }),
          after: { productStatus: 'active' },
        },
        refused: post('/api/admin/products/99999999/unblock'),
      };
    },
    'DELETE /api/admin/products/:id': productDelete('/api/admin/products'),
    // Routes sellers and buyers call too: an admin's call is audited by the same services.
    'POST /api/products': async () => {
      const name = `Admin posted ${next()}`;
      return {
        send: async () =>
          postListing(
            t,
            admin.token,
            { productName: name, productPrice: '20000', productLocation: 'Ibadan', userID: String(seller.user.id) },
            [await makeImage()],
          ),
        state: count('product'),
        entry: { action: 'products.create', targetType: 'products', after: expect.objectContaining({ productName: name }) },
        refused: () => postListing(t, admin.token, { productName: '', productPrice: '20000', productLocation: 'Ibadan' }),
      };
    },
    'PUT /api/products/edit/:id': async () => {
      const p = await createProduct(t, seller.user.id, { name: 'Old name' });
      const edit = (f: Record<string, string>) => () => request(t.http).put(`/api/products/edit/${p.id}`).set(bearer(admin.token)).field(f);
      return {
        send: edit({ productName: 'Fixed name' }),
        state: rows(`SELECT product_name FROM product WHERE id = $1`, [p.id]),
        entry: {
          action: 'products.update',
          targetType: 'products',
          targetId: String(p.id),
          before: { productName: 'Old name' },
          after: { productName: 'Fixed name' },
        },
        refused: edit({ productPrice: '-5' }),
      };
    },
    'DELETE /api/products/:id': productDelete('/api/products'),
    'PATCH /api/orders/:id/update/status': () =>
      orderCancel(
        (id, reason) => () =>
          request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(admin.token)).send({ status: 'cancelled', reason }),
        'Duplicate order',
      ),
    'PUT /api/admin/users/:id': async () => {
      const id = await appUser();
      return {
        send: put(`/api/admin/users/${id}`, { firstName: 'Adaeze' }),
        state: rows(`SELECT first_name FROM app_user WHERE id = $1`, [id]),
        entry: {
          action: 'users.update',
          targetType: 'users',
          targetId: String(id),
          before: expect.objectContaining({ firstName: 'Ada' }),
          after: expect.objectContaining({ firstName: 'Adaeze' }),
        },
        refused: put(`/api/admin/users/${id}`, { status: 'suspended' }),
      };
    },
    'DELETE /api/admin/users/:id': async () => {
      const id = await appUser();
      return {
        send: del(`/api/admin/users/${id}`, { reason: 'Spam' }),
        state: rows(`SELECT status FROM app_user WHERE id = $1`, [id]),
        entry: {
          action: 'users.suspend',
          targetType: 'users',
          targetId: String(id),
          before: { status: 'active' },
          after: { status: 'suspended' },
          reason: 'Spam',
        },
        refused: del(`/api/admin/users/${id}`),
      };
    },
    'PUT /api/admin/admins/:id': staffDecision(
      (id) => put(`/api/admin/admins/${id}`, { status: 'active', role: 'moderator' }),
      { role: 'moderator' },
      (id) => put(`/api/admin/admins/${id}`, {}),
    ),
    'POST /api/admin/admins/:id/approve': staffDecision(
      (id) => post(`/api/admin/admins/${id}/approve`, { role: 'finance' }),
      { role: 'finance' },
      () => post('/api/admin/admins/99999999/approve', { role: 'finance' }),
    ),
    'POST /api/admin/admins/:id/decline': staffDecision(
      (id) => post(`/api/admin/admins/${id}/decline`),
      { status: 'declined' },
      () => post('/api/admin/admins/99999999/decline'),
    ),
    'POST /api/admin/admins/:id/reset-two-factor': async () => {
      const s = await staffMember();
      const enrol = await request(t.http).post('/api/auth/admin/2fa/enrol').set(bearer(s.token)).expect(200);
      await request(t.http)
        .post('/api/auth/admin/2fa/confirm')
        .send({ otp: totp(base32Decode(enrol.body.secret), Date.now()) })
        .set(bearer(s.token))
        .expect(200);
      return {
        send: post(`/api/admin/admins/${s.id}/reset-two-factor`, { reason: 'Lost phone' }),
        state: adminRow(s.id),
        entry: {
          action: 'admins.two-factor-reset',
          targetType: 'admins',
          targetId: String(s.id),
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
          reason: 'Lost phone',
        },
        refused: post(`/api/admin/admins/${s.id}/reset-two-factor`, {}),
      };
    },
    'POST /api/auth/admin/2fa/enrol': async () => {
      const s = await staffMember();
      return {
        send: post('/api/auth/admin/2fa/enrol', {}, s.token),
        state: adminRow(s.id),
        entry: { action: 'admins.two-factor-enrol', targetType: 'admins', targetId: String(s.id), after: { twoFactorPending: true } },
        refused: post('/api/auth/admin/2fa/enrol', {}, buyer.token),
        as: s.token,
      };
    },
    'POST /api/auth/admin/2fa/confirm': async () => {
      const s = await staffMember();
      const enrol = await request(t.http).post('/api/auth/admin/2fa/enrol').set(bearer(s.token)).expect(200);
      const otp = totp(base32Decode(enrol.body.secret), Date.now());
      return {
        send: post('/api/auth/admin/2fa/confirm', { otp }, s.token),
        state: adminRow(s.id),
        entry: { action: 'admins.two-factor-on', targetType: 'admins', targetId: String(s.id), after: { twoFactorEnabled: true } },
        refused: post('/api/auth/admin/2fa/confirm', { otp: '000000' }, s.token),
        as: s.token,
      };
    },
    'PUT /api/admin/orders/:id': () =>
      orderCancel((id, reason) => put(`/api/admin/orders/${id}`, { status: 'cancelled', reason }), 'Buyer asked by phone'),
    'POST /api/inner/admin/transactions/:id/reverify': async () => {
      const p = await createProduct(t, seller.user.id);
      const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
      const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
      const [{ id }] = await t.db.query(`SELECT id FROM payment_transaction WHERE reference = $1`, [reference]);
      paystack.pay(reference);
      return {
        send: post(`/api/inner/admin/transactions/${id}/reverify`),
        state: rows(`SELECT status FROM payment_transaction WHERE id = $1`, [id]),
        entry: {
          action: 'transactions.reverify',
          targetType: 'transactions',
          targetId: reference,
          after: { outcome: 'paid', changed: true },
        },
        refused: post('/api/inner/admin/transactions/99999999/reverify'),
      };
    },
    'PUT /api/admin/refund-requests/:id': async () => {
      const { requestId } = await rejectedOrder();
      return {
        send: put(`/api/admin/refund-requests/${requestId}`, { decision: 'approve', reason: 'Seller agreed' }),
        state: rows(`SELECT status FROM refund_request WHERE id = $1`, [requestId]),
        entry: {
          action: 'refund-requests.approve',
          targetType: 'refund-requests',
          targetId: String(requestId),
          before: { status: 'requested' },
          after: expect.objectContaining({ status: 'approved' }),
          reason: 'Seller agreed',
        },
        refused: put(`/api/admin/refund-requests/${requestId}`, { decision: 'approve' }),
      };
    },
    'PUT /api/admin/disputes/:id': async () => {
      const { orderId } = await rejectedOrder();
      const d = await openDispute(t, buyer, orderId, 'not_as_described', 'Different model.').expect(201);
      const id = d.body.data.id;
      return {
        send: put(`/api/admin/disputes/${id}`, { decision: 'release', reason: 'Same model as listed' }),
        state: rows(`SELECT status FROM dispute WHERE id = $1`, [id]),
        entry: {
          action: 'disputes.decide',
          targetType: 'disputes',
          targetId: String(id),
          after: expect.objectContaining({ decision: 'release' }),
          reason: 'Same model as listed',
        },
        refused: put(`/api/admin/disputes/${id}`, { decision: 'release' }),
      };
    },
  };
  async function riskSignal(): Promise<number> {
    const userId = await appUser('Risky', 'Seller', 'risk');
    const [r] = await t.db.query(
      `INSERT INTO risk_signal (rule, target_type, target_id, user_id, hold, reason) VALUES ('payout_change_withdrawal', 'user', $1, $1, 'withdrawal', 'Payout account changed, then a withdrawal') RETURNING id`,
      [userId],
    );
    return r.id;
  }
  for (const action of ['clear', 'confirm'] as const) {
    WRITES[`POST /api/admin/risk-signals/:id/${action}`] = async () => {
      const id = await riskSignal();
      return {
        send: post(`/api/admin/risk-signals/${id}/${action}`, { reason: 'Called the seller' }),
        state: rows(`SELECT state FROM risk_signal WHERE id = $1`, [id]),
        entry: {
          action: `risk-signals.${action}`,
          targetType: 'risk-signals',
          targetId: String(id),
          before: { state: 'open' },
          after: expect.objectContaining({ state: action === 'clear' ? 'cleared' : 'confirmed' }),
          reason: 'Called the seller',
        },
        refused: post(`/api/admin/risk-signals/${id}/${action}`, {}),
      };
    };
  }

  /**
   * Writes whose in-transaction audit call is in the money services (each checked here only for "refused leaves none"):
   * making a payment that paid nothing, a failed refund or a failed transfer takes the fault fixtures of the money files.
   */
  const MONEY_FIXTURE_WRITES: Record<string, Call> = {
    'POST /api/admin/refunds': post('/api/admin/refunds', { paymentReference: 'KSW-0-nothing', reason: 'Paid twice' }),
    'POST /api/admin/refunds/:id/retry': post('/api/admin/refunds/99999999/retry'),
    'POST /api/admin/payouts/:id/retry': post('/api/admin/payouts/99999999/retry'),
  };

  /** Every route an admin token may call that is not a read, as `METHOD /api/path`. */
  function adminWriteRoutes(): string[] {
    const found = new Set<string>();
    for (const mod of t.app.get(ModulesContainer).values()) {
      for (const { metatype } of mod.controllers.values()) {
        if (!metatype) continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
        for (let proto = metatype.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
          for (const name of Object.getOwnPropertyNames(proto)) {
            const handler = proto[name];
            if (name === 'constructor' || typeof handler !== 'function') continue;
            const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
            if (method === undefined || method === RequestMethod.GET || method === RequestMethod.HEAD) continue;
            const access = Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, metatype);
            if (access !== 'admin' && access !== 'any') continue;
            const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
            found.add(`${RequestMethod[method]} ${`/api/${base}/${path}`.replace(/\/+/g, '/').replace(/\/$/, '')}`);
          }
        }
      }
    }
    return [...found].sort();
  }

  it('the walk finds every admin write route in the table', () => {
    const routes = adminWriteRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !(r in WRITES) && !(r in MONEY_FIXTURE_WRITES));
    expect(missing).toEqual([]);
  });

  const entries = async () => (await t.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n as number;
  async function refusingAudit<T>(run: () => Promise<T>): Promise<T> {
    await t.db.query(
      `CREATE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
    );
    await t.db.query(`CREATE TRIGGER audit_log_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse()`);
    try {
      return await run();
    } finally {
      await t.db.query(`DROP TRIGGER audit_log_refuse ON audit_log`);
      await t.db.query(`DROP FUNCTION audit_log_refuse()`);
    }
  }

  it.each(Object.keys(WRITES))('%s: no entry, no change; then the change with its entry; a refused one leaves none', async (route) => {
    const w = await WRITES[route]();
    const before = await w.state();
    const rolledBack = await refusingAudit(() => w.send());
    expect([route, rolledBack.status]).toEqual([route, 500]);
    expect(await w.state()).toEqual(before);

    const from = await entries();
    const refused = await w.refused();
    expect([route, refused.status >= 400 && refused.status < 500]).toEqual([route, true]);
    expect(await entries()).toBe(from);

    const [{ max }] = await t.db.query(`SELECT coalesce(max(id), 0) AS max FROM audit_log`);
    const done = await w.send();
    expect([route, done.status < 300]).toEqual([route, true]);
    expect(await w.state()).not.toEqual(before);
    const made = await t.db.query(
      `SELECT admin_id, admin_email, action, target_type, target_id, before, after, reason FROM audit_log WHERE id > $1 AND target_type = $2 ORDER BY id`,
      [max, w.entry.targetType],
    );
    const who = w.as ? expect.any(Number) : (await t.db.query(`SELECT id FROM admin WHERE email = 'admin@kasuwa.test'`))[0].id;
    expect(made).toContainEqual(
      expect.objectContaining({
        admin_id: who,
        admin_email: expect.stringContaining('@kasuwa.test'),
        action: w.entry.action,
        target_type: w.entry.targetType,
        target_id: w.entry.targetId ?? expect.any(String),
        ...('before' in w.entry ? { before: w.entry.before } : {}),
        ...('after' in w.entry ? { after: w.entry.after } : {}),
        ...('reason' in w.entry ? { reason: w.entry.reason } : {}),
      }),
    );
  });

  it.each(Object.keys(MONEY_FIXTURE_WRITES))('%s refused: no entry', async (route) => {
    const from = await entries();
    const res = await MONEY_FIXTURE_WRITES[route]();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await entries()).toBe(from);
  });
});
