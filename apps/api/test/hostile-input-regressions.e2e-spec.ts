import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { errorBodyProblem } from './utils/hostile-requests';
import { createProduct } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { createTestApp, TestApp } from './utils/test-app';

/** One test per example of the hostile input rule's "Bad input must never be a 5xx"; the fuzzer (hostile-input.e2e-spec) covers the classes. */

const ADMIN_LISTS = ['products', 'users', 'orders', 'transactions', 'messages', 'categories', 'commissions', 'admins'];
const listing = {
  productName: 'Tecno Spark 10',
  productPrice: '85000',
  productDescription: 'Boxed, 128GB',
  productLocation: 'Kano',
  platformCommissionAgreement: 'agreed',
};

const fieldsOf = (body: { error?: { field: string }[] }) => (body.error ?? []).map((e) => e.field);

function nested(depth: number): string {
  return `{"email":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"password":"x"}`;
}

describe('hostile input: the known hostile inputs answer 4xx, never 500', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t);
    admin = await adminToken(t);
    productId = (await createProduct(t, user.user.id)).id;
  });
  afterAll(() => t.close());

  describe('NUL bytes: 422 naming the field', () => {
    it('in a query value', async () => {
      const res = await request(t.http).get('/api/products?location=%00').expect(422);
      expect(fieldsOf(res.body)).toEqual(['location']);
    });

    it('in a JSON body (contact-us subject, register, profile)', async () => {
      const contact = await request(t.http)
        .post('/api/contact-us')
        .send({ name: 'Ada', email: 'ada@example.com', subject: 'a\u0000b', message: 'hello' })
        .expect(422);
      expect(fieldsOf(contact.body)).toEqual(['subject']);
      const reg = await request(t.http)
        .post('/api/auth/register')
        .send({ email: 'nul@example.com', firstName: 'A\u0000', lastName: 'B', password: 'Correct-Horse-9!' })
        .expect(422);
      expect(fieldsOf(reg.body)).toEqual(['firstName']);
      const profile = await request(t.http).put('/api/profile/update').set(bearer(user.token)).send({ lastName: '\u0000' }).expect(422);
      expect(fieldsOf(profile.body)).toEqual(['lastName']);
    });

    it('in a multipart field (listing create and edit)', async () => {
      const create = request(t.http).post('/api/products').set(bearer(user.token));
      for (const [k, v] of Object.entries({ ...listing, productLocation: 'Ka\u0000no' })) create.field(k, v);
      const created = await create.expect(422);
      expect(fieldsOf(created.body)).toEqual(['productLocation']);
      const edited = await request(t.http)
        .put(`/api/products/edit/${productId}`)
        .set(bearer(user.token))
        .field('productName', 'x\u0000')
        .expect(422);
      expect(fieldsOf(edited.body)).toEqual(['productName']);
    });

    it('in an admin search filter', async () => {
      for (const list of ['users', 'products', 'messages']) {
        const res = await request(t.http)
          .get(`/api/admin/${list}`)
          .query({ filter: JSON.stringify({ q: '\u0000' }) })
          .set(bearer(admin))
          .expect(422);
        expect(fieldsOf(res.body)).toEqual(['filter.q']);
      }
    });
  });

  describe('lone UTF-16 surrogates: 422 naming the field', () => {
    it.each([
      ['/api/auth/login', { email: '\ud800@kasuwa.test', password: 'x' }],
      ['/api/auth/forgot-password', { email: '\ud800@kasuwa.test' }],
      ['/api/auth/register', { email: '\udc00@kasuwa.test', firstName: 'A', lastName: 'B', password: 'Correct-Horse-9!' }],
      ['/api/auth/admin/login', { email: '\ud800@kasuwa.test', password: 'x' }],
      ['/api/auth/admin/signup', { email: '\ud800@kasuwa.test', firstName: 'A', lastName: 'B', phone: '08031234567', password: 'x' }],
      ['/api/onboarding/admin/forgot-password', { email: '\ud800@kasuwa.test' }],
      [
        '/api/auth/reset-password',
        { email: '\ud800@kasuwa.test', token: 't', newPassword: 'Correct-Horse-9!', confirmPassword: 'Correct-Horse-9!' },
      ],
      [
        '/api/onboarding/admin/email/reset-password',
        { email: '\ud800@kasuwa.test', token: 't', newPassword: 'Correct-Horse-9!', confirmPassword: 'Correct-Horse-9!' },
      ],
    ])('%s', async (path, body) => {
      const res = await request(t.http).post(path).send(body).expect(422);
      expect(fieldsOf(res.body)).toEqual(['email']);
    });

    it('a well-formed pair (an emoji) is still text', async () => {
      const res = await request(t.http)
        .post('/api/contact-us')
        .send({ name: 'Ada 😀', email: 'ada@example.com', subject: 'Hi 😀', message: 'hello' });
      expect(res.status).toBe(201);
    });
  });

  it('deeply nested JSON (3,000 levels) on the public login: 400 with a message', async () => {
    const res = await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send(nested(3000)).expect(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/nested too deeply/), code: 'BAD_REQUEST' });
    // Ordinary nesting still reaches validation.
    await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send(nested(3)).expect(422);
  });

  describe('react-admin list parameters of the wrong shape: 422 naming sort/range/filter', () => {
    const bad: [string, string][] = [
      ['sort', 'null'],
      ['sort', '5'],
      ['sort', '{}'],
      ['sort', '["id"]'],
      ['range', 'null'],
      ['range', '{}'],
      ['filter', '{"id":{"toString":1}}'],
      ['filter', 'null'],
      ['filter', '[1]'],
    ];
    it.each(ADMIN_LISTS)('/api/admin/%s', async (list) => {
      for (const [name, value] of bad) {
        const res = await request(t.http)
          .get(`/api/admin/${list}`)
          .query({ [name]: value })
          .set(bearer(admin));
        expect([res.status, fieldsOf(res.body)]).toEqual([422, [name]]);
      }
      await request(t.http)
        .get(`/api/admin/${list}`)
        .query({ sort: '["id","ASC"]', range: '[0,4]', filter: '{}' })
        .set(bearer(admin))
        .expect(200);
    });

    it('every list the document declares with sort/range/filter (lists added later included)', async () => {
      const doc = (await request(t.http).get('/api/docs-json').expect(200)).body as {
        paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
      };
      const lists = Object.entries(doc.paths).filter(
        ([, ops]) => ops.get?.parameters?.some((p) => p.name === 'sort') && ops.get.parameters.some((p) => p.name === 'range'),
      );
      expect(lists.map(([path]) => path)).toEqual(expect.arrayContaining(ADMIN_LISTS.map((l) => `/api/admin/${l}`)));
      for (const [path] of lists) {
        for (const [name, value] of bad) {
          const res = await request(t.http)
            .get(path)
            .query({ [name]: value })
            .set(bearer(admin));
          expect([path, res.status, fieldsOf(res.body)]).toEqual([path, 422, [name]]);
        }
      }
    });
  });

  it('prototype names as sort fields fall back to the default sort', async () => {
    for (const list of ADMIN_LISTS) {
      for (const field of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
        await request(t.http)
          .get(`/api/admin/${list}`)
          .query({ sort: JSON.stringify([field, 'ASC']) })
          .set(bearer(admin))
          .expect(200);
      }
    }
    // ... and as status filters, which are looked up the same way.
    await request(t.http).get('/api/admin/transactions').query({ filter: '{"status":"constructor"}' }).set(bearer(admin)).expect(200);
    await request(t.http).get('/api/admin/orders').query({ filter: '{"status":"toString"}' }).set(bearer(admin)).expect(200);
  });

  describe('values past a database limit', () => {
    it('a 10-digit price: 422 from the seller edit and the admin edit', async () => {
      const seller = await request(t.http)
        .put(`/api/products/edit/${productId}`)
        .set(bearer(user.token))
        .field('productPrice', '9999999999')
        .expect(422);
      expect(fieldsOf(seller.body)).toEqual(['productPrice']);
      const adminEdit = await request(t.http)
        .put(`/api/admin/products/${productId}`)
        .set(bearer(admin))
        .send({ productPrice: '1000000000.01' })
        .expect(422);
      expect(fieldsOf(adminEdit.body)).toEqual(['productPrice']);
      // The limit itself is a price.
      await request(t.http).put(`/api/admin/products/${productId}`).set(bearer(admin)).send({ productPrice: '1000000000' }).expect(200);
    });

    it.each(['productName', 'productQuantity', 'productPrice', 'productLocation', 'productDescription', 'productType'])(
      'admin edit with %s: null → 422',
      async (field) => {
        const res = await request(t.http)
          .put(`/api/admin/products/${productId}`)
          .set(bearer(admin))
          .send({ [field]: null })
          .expect(422);
        expect(fieldsOf(res.body)).toEqual([field]);
      },
    );

    it('a constraint the DTO missed maps to 422/409, not 500', async () => {
      // An id past int4 reaches Postgres (numeric_value_out_of_range): the exception filter answers 422.
      const res = await request(t.http)
        .get('/api/admin/products')
        .query({ filter: JSON.stringify({ id: [1e30] }) })
        .set(bearer(admin))
        .expect(422);
      expect(res.body).toEqual({
        message: 'Validation failed',
        code: 'VALIDATION_FAILED',
        error: [{ field: 'request', message: expect.any(String) }],
      });
    });
  });

  it('a missing file under /uploads: 404 with a message', async () => {
    for (const path of ['/uploads/none', '/uploads/products/999/gone-400.webp', '/uploads/']) {
      const res = await request(t.http).get(path);
      expect([path, res.status, res.body]).toEqual([path, 404, { message: expect.any(String), code: 'NOT_FOUND' }]);
    }
  });

  describe('classes the OpenAPI fuzzer found beyond the issue', () => {
    it('an object with its own toString/valueOf where a number is read: 422, not a TypeError', async () => {
      const pay = await request(t.http)
        .post('/api/payments/initialize')
        .set(bearer(user.token))
        .send({ checkoutSessionID: { toString: 1 }, checkoutSessionId: 3 })
        .expect(422);
      expect(fieldsOf(pay.body)).toEqual(['checkoutSessionID']);
      const cat = await request(t.http)
        .post('/api/admin/categories')
        .set(bearer(admin))
        .send({ categoryName: 'Phones', position: { valueOf: 'x' } })
        .expect(422);
      expect(fieldsOf(cat.body)).toEqual(['position']);
      const proto = await request(t.http)
        .post('/api/contact-us')
        .set('Content-Type', 'application/json')
        .send('{"name":"A","email":"a@example.com","subject":"s","message":"m","__proto__":{"isAdmin":true}}')
        .expect(422);
      expect(fieldsOf(proto.body)).toEqual(['request']);
    });

    it('a numeric path id past int4 names no record: 404 before any query', async () => {
      for (const path of ['/api/products/99999999999', '/api/category/categories/2147483648', '/api/products/user/99999999999999999999']) {
        const res = await request(t.http).get(path).expect(404);
        expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
      }
      await request(t.http).get('/api/admin/messages/99999999999').set(bearer(admin)).expect(404);
      // ... and in a body, the DTO knows the column's range.
      const pay = await request(t.http)
        .post('/api/payments/initialize')
        .set(bearer(user.token))
        .send({ checkoutSessionId: 2 ** 31 })
        .expect(422);
      expect(fieldsOf(pay.body)).toEqual(['checkoutSessionId']);
    });

    it('NUL in a query parameter the route does not read: 422 all the same', async () => {
      const res = await request(t.http).get('/api/health?whatever=a%00b').expect(422);
      expect(fieldsOf(res.body)).toEqual(['whatever']);
    });
  });

  it('13 photos: the same 422 as 7 ("at most 6 images")', async () => {
    const img = await makeImage('jpeg', 64, 64);
    for (const count of [7, 13]) {
      const req = request(t.http).post('/api/products').set(bearer(user.token));
      for (const [k, v] of Object.entries(listing)) req.field(k, v);
      for (let i = 0; i < count; i++) req.attach('productImages', img, `p${i}.jpg`);
      const res = await req;
      expect([count, res.status, res.body.error?.[0]?.message]).toEqual([count, 422, expect.stringMatching(/at most 6 images/)]);
    }
  });
  it('a multipart form the upload routes cannot take: 400 or 413 in the house shape, the rest of the body read', async () => {
    const img = await makeImage('jpeg', 64, 64);
    const profile = () => request(t.http).put('/api/profile/update').set(bearer(user.token)).field('firstName', 'Ada');
    const answers = {
      'a file in another field': await profile().attach('productImages', img, 'a.jpg'),
      'two profile photos': await profile().attach('profileImage', img, 'a.jpg').attach('profileImage', img, 'b.jpg'),
      'a field named like a prototype property': await profile().field('constructor', 'x'),
      'a photo over the size limit': await profile().attach('profileImage', Buffer.alloc(7 * 1024 * 1024, 1), 'big.jpg'),
      'a field name over 100 bytes': await profile().field('n'.repeat(200), 'x'),
      'a body cut off inside a part': await request(t.http)
        .put('/api/profile/update')
        .set(bearer(user.token))
        .set('Content-Type', 'multipart/form-data; boundary=XyZ')
        .send('--XyZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAd'),
      'no boundary': await request(t.http)
        .put('/api/profile/update')
        .set(bearer(user.token))
        .set('Content-Type', 'multipart/form-data')
        .send('firstName=Ada'),
    };
    const seen = Object.entries(answers).map(([what, res]) => [
      what,
      res.status,
      errorBodyProblem(res.status, res.body, res.headers['content-type']),
    ]);
    expect(seen).toEqual([
      ['a file in another field', 400, null],
      ['two profile photos', 400, null],
      ['a field named like a prototype property', 400, null],
      ['a photo over the size limit', 413, null],
      ['a field name over 100 bytes', 422, null], // read whole, then refused as a field the form does not have,
      ['a body cut off inside a part', 400, null],
      ['no boundary', 400, null],
    ]);
  });
});
