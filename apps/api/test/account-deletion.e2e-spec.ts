import request from 'supertest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, bearer, registerUser } from './utils/actors';
import { makeImage } from './utils/images';
import { appPerFile } from './utils/test-app';

describe('account deletion really deletes', () => {
  const { t } = appPerFile({ env: { CONTACT_RATE_LIMIT: '1000' } });

  async function listing(token: string, name: string, quantity = 3) {
    const res = await request(t.http)
      .post('/api/products')
      .set(bearer(token))
      .field('productName', name)
      .field('productPrice', '25000')
      .field('productLocation', 'Enugu')
      .field('productQuantity', String(quantity))
      .field('platformCommissionAgreement', 'agreed')
      .attach('productImages', await makeImage(), 'p.jpg')
      .expect(201);
    return res.body.data;
  }

  it('needs the exact confirmation text and a user token', async () => {
    const u = await registerUser(t);
    const res = await request(t.http).delete('/api/profile/me').set(bearer(u.token)).send({ confirm: 'delete account' }).expect(422);
    expect(res.body.error[0].field).toBe('confirm');
    await request(t.http).delete('/api/profile/me').send({ confirm: 'DELETE ACCOUNT' }).expect(401);
    await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
  });

  it('anonymises personal data everywhere, withdraws listings, cancels unpaid orders, keeps paid ones for the other party', async () => {
    const secret = { firstName: 'Zebulon', lastName: 'Quaxley', email: 'zebulon.quaxley@example.com' };
    const u = await registerUser(t, secret);
    const other = await registerUser(t, { firstName: 'Other', lastName: 'Seller' });
    await request(t.http)
      .put('/api/profile/update')
      .set(bearer(u.token))
      .field('firstName', secret.firstName)
      .field('lastName', secret.lastName)
      .field('gender', 'Male')
      .field('phone', '08097654321')
      .field('bankName', 'Zenith Bank')
      .field('bankAccountNumber', '9876543210')
      .field('bankAccountName', 'Zebulon Quaxley')
      .attach('profileImage', await makeImage('png'), 'me.png')
      .expect(200);
    const own = await listing(u.token, 'Quaxley family heirloom lamp');
    const theirs = await listing(other.token, 'Generator 2.5kVA', 2);
    // An unpaid checkout that holds one unit of someone else's listing.
    await request(t.http)
      .post('/api/products/cart')
      .set(bearer(u.token))
      .send({ products: [{ productID: theirs.id, quantity: 1 }] })
      .expect(200);
    await request(t.http)
      .post('/api/orders')
      .set(bearer(u.token))
      .send({ shippingAddress: '7 Quaxley Close, Enugu', receiverPhoneNumber: '08097654321', deliveryRegion: 'Enugu' })
      .expect(201);
    expect((await t.db.query(`SELECT quantity FROM product WHERE id = $1`, [theirs.id]))[0].quantity).toBe(1);
    await request(t.http).put(`/api/favourites/${theirs.id}`).set(bearer(u.token)).expect(200);
    await request(t.http)
      .post('/api/contact-us')
      .set(bearer(u.token))
      .send({ name: 'Zebulon', email: secret.email, subject: 'Hi', message: 'From Zebulon Quaxley' })
      .expect(201);
    await request(t.http).post('/api/auth/forgot-password').send({ email: secret.email }).expect(200);
    const photo = join(t.uploadDir, own.productImages[0].thumbnailUrl.replace('/uploads/', ''));
    expect(existsSync(photo)).toBe(true);

    await request(t.http).delete('/api/profile/me').set(bearer(u.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);

    // Tokens stop working; signing in is impossible.
    await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(401);
    await request(t.http).post('/api/auth/login').send({ email: secret.email, password: u.password }).expect(401);
    // Listings withdrawn, photos gone; the reserved unit went back.
    await request(t.http).get(`/api/products/${own.id}`).expect(404);
    expect(existsSync(photo)).toBe(false);
    expect((await t.db.query(`SELECT quantity, status FROM product WHERE id = $1`, [theirs.id]))[0]).toEqual({
      quantity: 2,
      status: 'active',
    });
    // What they saved goes too.
    expect(await t.db.query(`SELECT 1 FROM favourite WHERE user_id = $1`, [u.user.id])).toEqual([]);
    const orders = await t.db.query(`SELECT status FROM "order" WHERE buyer_id = $1`, [u.user.id]);
    expect(orders).toEqual([{ status: 'cancelled' }]);

    // No text column of any table still holds the person's data.
    const needles = [secret.email, 'Zebulon', 'Quaxley', '08097654321', '9876543210', 'Zenith Bank'];
    const cols: { table_name: string; column_name: string }[] = await t.db.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'USER-DEFINED', 'jsonb', 'character')
          AND table_name NOT IN ('migrations', 'typeorm_metadata', 'search_word')`,
    );
    const found: string[] = [];
    for (const c of cols) {
      for (const n of needles) {
        const rows = await t.db.query(`SELECT 1 FROM "${c.table_name}" WHERE "${c.column_name}"::text ILIKE $1 LIMIT 1`, [`%${n}%`]);
        if (rows.length) found.push(`${c.table_name}.${c.column_name} ~ ${n}`);
      }
    }
    // The listing title stays only inside order snapshots of orders that do not exist here; product rows keep their title (withdrawn).
    expect(found.filter((f) => !f.startsWith('product.product_name') && !f.startsWith('product.search'))).toEqual([]);

    const admin = await adminToken(t);
    const row = await request(t.http).get(`/api/admin/users/${u.user.id}`).set(bearer(admin)).expect(200);
    expect(row.body).toMatchObject({ status: 'deleted', fullName: 'Deleted user', phone: null, bankAccountNumber: null });
  });
});
