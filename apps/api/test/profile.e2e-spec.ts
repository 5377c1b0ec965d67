import request from 'supertest';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, bearer, registerUser } from './utils/actors';
import { postListing } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

describe('profile', () => {
  const { t } = appPerFile();

  const fields = {
    firstName: 'Ada',
    lastName: 'Obi',
    gender: 'Female',
    phone: '0803 123 4567',
    bankName: 'GTBank',
    bankAccountNumber: '0123456789',
    bankAccountName: 'Ada Obi',
  };

  it('GET /api/profile/me needs a user token', async () => {
    await request(t.http).get('/api/profile/me').expect(401);
    await request(t.http).get('/api/profile/me').set(bearer('garbage')).expect(401);
    const admin = await adminToken(t);
    await request(t.http).get('/api/profile/me').set(bearer(admin)).expect(401);
  });

  it('GET /api/profile/me answers exactly the profile shape: every field, the password and order flags, no hash', async () => {
    const u = await registerUser(t, { firstName: 'Ada', lastName: 'Obi' });
    const me = await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    const [row] = await t.db.query(`SELECT created_at FROM app_user WHERE id = $1`, [u.user.id]);
    expect(me.body).toEqual({
      data: {
        id: u.user.id,
        email: u.email,
        fullName: 'Ada Obi',
        firstName: 'Ada',
        lastName: 'Obi',
        profileImage: null,
        phone: null,
        gender: null,
        bankName: null,
        bankAccountNumber: null,
        bankAccountName: null,
        bankDetailsConfirmed: false,
        contactChannels: {},
        hasSellerOrders: false,
        hasPassword: true,
        createdAt: row.created_at.toISOString(),
        // ACCOUNT_VERIFICATION=off in this suite: nothing is asked for, the flags still say what was proved.
        verification: { required: false, email: false, phone: false, verifiedPhone: null, hasEmail: true },
      },
    });
    // A Google-only account (no password), its name gone: the name falls back to the email's local part.
    await t.db.query(
      `UPDATE app_user SET password_hash = NULL, first_name = NULL, last_name = NULL, contact_channels = '{"WhatsApp":"08031112222"}' WHERE id = $1`,
      [u.user.id],
    );
    const google = (await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200)).body.data;
    expect(google).toMatchObject({
      hasPassword: false,
      fullName: u.email.split('@')[0],
      firstName: null,
      lastName: null,
      contactChannels: { WhatsApp: '08031112222' },
    });
    expect(Object.keys(google)).toEqual(Object.keys(me.body.data));
  });

  it("PUT /api/profile/update (multipart) saves the profile; the spec's bank fields are accepted and left alone (bank details are the payout account)", async () => {
    const u = await registerUser(t);
    const req = request(t.http).put('/api/profile/update').set(bearer(u.token));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    const res = await req.expect(200);
    expect(res.body.data).toMatchObject({
      fullName: 'Ada Obi',
      gender: 'Female',
      phone: '08031234567',
      bankName: null,
      bankAccountNumber: null,
      bankDetailsConfirmed: false,
    });
    const me = await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    expect(me.body.data.bankAccountName).toBeNull();
  });

  it('requires firstName, lastName, gender and phone; bank details are optional', async () => {
    const u = await registerUser(t);
    const res = await request(t.http).put('/api/profile/update').set(bearer(u.token)).field('firstName', ' ').expect(422);
    expect(res.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['firstName', 'gender', 'lastName', 'phone']);
    await request(t.http)
      .put('/api/profile/update')
      .set(bearer(u.token))
      .send({ firstName: 'A', lastName: 'B', gender: 'Male', phone: '08031234567' })
      .expect(200);
  });

  it.each([
    ['gender', 'Other', /Male or Female/],
    ['phone', '12345', /Nigerian phone/],
    ['bankAccountNumber', '12ab', /10 digits/],
  ])('refuses a bad %s', async (field, value, msg) => {
    const u = await registerUser(t);
    const res = await request(t.http)
      .put('/api/profile/update')
      .set(bearer(u.token))
      .send({ ...fields, [field]: value })
      .expect(422);
    expect(res.body.error).toEqual([{ field, message: expect.stringMatching(msg) }]);
  });

  it('stores a profile photo as WebP; a text file named .jpg is refused', async () => {
    const u = await registerUser(t);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const req = request(t.http).put('/api/profile/update').set(bearer(u.token));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    const res = await req.attach('profileImage', png, 'me.png').expect(200);
    const url: string = res.body.data.profileImage;
    expect(url).toMatch(/^\/uploads\/profiles\/\d+\/.+\.webp$/);
    expect(existsSync(join(t.uploadDir, url.replace('/uploads/', '')))).toBe(true);
    const img = await request(t.http).get(url).expect(200);
    expect(img.headers['cache-control']).toMatch(/max-age=31536000/);

    const bad = request(t.http).put('/api/profile/update').set(bearer(u.token));
    for (const [k, v] of Object.entries(fields)) bad.field(k, v);
    const refused = await bad.attach('profileImage', Buffer.from('hello, not an image'), 'evil.jpg').expect(422);
    expect(refused.body.error[0]).toEqual({ field: 'profileImage', message: expect.stringMatching(/not a JPEG, PNG or WebP/) });
    const me = await request(t.http).get('/api/profile/me').set(bearer(u.token));
    expect(me.body.data.profileImage).toBe(url);
  });
});

describe('contact channels (Add Contact dialog)', () => {
  const { t } = appPerFile();

  it('saves channels to the profile; the seller’s WhatsApp reaches their listings; empty removes', async () => {
    const u = await registerUser(t);
    const res = await request(t.http)
      .put('/api/profile/contacts')
      .set(bearer(u.token))
      .send({
        WhatsApp: '0803 111 2222',
        Instagram: '@ada_sells',
        Email: 'shop@example.com',
        Twitter: '',
        Facebook: 'https://facebook.com/adasells',
      })
      .expect(200);
    expect(res.body.data.contactChannels).toEqual({
      WhatsApp: '08031112222',
      Instagram: '@ada_sells',
      Email: 'shop@example.com',
      Facebook: 'https://facebook.com/adasells',
    });
    const p = await postListing(t, u.token, { productName: 'Blender', productPrice: '20000', productLocation: 'Ibadan' }).expect(201);
    expect(p.body.data.user.whatsapp).toBe('08031112222');
    const cleared = await request(t.http).put('/api/profile/contacts').set(bearer(u.token)).send({ WhatsApp: '' }).expect(200);
    expect(cleared.body.data.contactChannels).toEqual({});
    expect((await request(t.http).get(`/api/products/${p.body.data.id}`)).body.data.user.whatsapp).toBeNull();
  });

  it('validates each channel', async () => {
    const u = await registerUser(t);
    const res = await request(t.http)
      .put('/api/profile/contacts')
      .set(bearer(u.token))
      .send({ WhatsApp: '12', Email: 'nope', Instagram: 'has spaces here' })
      .expect(422);
    expect(res.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['Email', 'Instagram', 'WhatsApp']);
    await request(t.http).put('/api/profile/contacts').send({}).expect(401);
  });
});
