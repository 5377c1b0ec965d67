import request from 'supertest';
import sharp from 'sharp';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken, bearer, registerUser } from './utils/actors';
import { imageVariantsMade, makeImage } from './utils/images';
import { createTestApp, TestApp } from './utils/test-app';

const fields = {
  productName: 'iPhone 13 Pro 256GB',
  productPrice: '450000.50',
  productCurrency: 'NGN',
  productDescription: 'Clean UK-used iPhone, battery health 89%.',
  productLocation: 'Ikeja, Lagos',
  productQuantity: '2',
  productType: 'used',
  platformCommissionAgreement: 'agreed',
};

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
}

describe('listings: create, read, edit, delete, images', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await registerUser(t, { firstName: 'Chinedu', lastName: 'Okafor' });
    other = await registerUser(t);
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  async function post(token: string, over: Record<string, string> = {}, images: Buffer[] = []) {
    const req = request(t.http).post('/api/products').set(bearer(token));
    for (const [k, v] of Object.entries({ ...fields, ...over })) req.field(k, v);
    images.forEach((b, i) => void req.attach('productImages', b, `photo${i}.jpg`));
    return req;
  }

  it('creates a listing with photos: original + WebP 1200/400 (made by a job after the answer), EXIF gone, orientation applied', async () => {
    const rotated = await makeImage('jpeg', 800, 600, 6); // orientation 6: the upright photo is 600 wide
    const res = await post(seller.token, {}, [rotated, await makeImage('png')]);
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      productName: fields.productName,
      productPrice: '450000.50',
      productCurrency: 'NGN',
      productType: 'used',
      productStatus: 'active',
      productQuantity: 2,
      userID: seller.user.id,
    });
    expect(p.user.fullName).toBe('Chinedu Okafor');
    expect(p.productImages).toHaveLength(2);
    // The answer names the stored original everywhere until the variants exist (it is already upright and EXIF-free).
    expect(p.productImages[0].imageUrl).toBe(p.productImages[0].originalUrl);
    expect(p.productImages[0].thumbnailUrl).toBe(p.productImages[0].originalUrl);
    await imageVariantsMade(t.db);
    const [img] = (await request(t.http).get(`/api/products/${p.id}`).expect(200)).body.data.productImages;
    expect(img.imageUrl).toMatch(/1200\.webp$/);
    expect(img.thumbnailUrl).toMatch(/400\.webp$/);
    const thumb = await request(t.http).get(img.thumbnailUrl).expect(200);
    expect(thumb.headers['cache-control']).toMatch(/max-age=31536000/);
    const meta = await sharp(thumb.body).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(300); // 600×800 upright, fitted into 400
    expect(meta.height).toBe(400);
    expect(meta.exif).toBeUndefined();
    const orig = await sharp((await request(t.http).get(img.originalUrl)).body).metadata();
    expect(orig.orientation ?? 1).toBe(1);
    expect(orig.width).toBe(600);
  });

  it('names the missing field when one is left out entirely', async () => {
    const { productLocation: _omit, ...rest } = fields;
    const req = request(t.http).post('/api/products').set(bearer(seller.token));
    for (const [k, v] of Object.entries(rest)) req.field(k, v);
    const res = await req.expect(422);
    expect(res.body.error).toEqual([{ field: 'productLocation', message: 'Location is required' }]);
  });

  it('an empty category means none, on create and on edit', async () => {
    const cat = await t.db.query(`INSERT INTO category (category_name, slug) VALUES ('Cat', 'cat') RETURNING id`);
    const res = await post(seller.token, { productCategoryID: '' });
    expect(res.status).toBe(201);
    expect(res.body.data.productCategoryID).toBeNull();
    const id = res.body.data.id;
    await request(t.http)
      .put(`/api/products/edit/${id}`)
      .set(bearer(seller.token))
      .field('productCategoryID', String(cat[0].id))
      .expect(200);
    const cleared = await request(t.http)
      .put(`/api/products/edit/${id}`)
      .set(bearer(seller.token))
      .field('productCategoryID', '')
      .expect(200);
    expect(cleared.body.data.productCategoryID).toBeNull();
  });

  it('stores price as integer kobo', async () => {
    const res = await post(seller.token, { productPrice: '1,250.5' });
    const [row] = await t.db.query(`SELECT price_kobo FROM product WHERE id = $1`, [res.body.data.id]);
    expect(row.price_kobo).toBe('125050');
    expect(res.body.data.productPrice).toBe('1250.50');
  });

  it("reads a price the way people write naira (the product form's own parser), and says what is wrong with the rest", async () => {
    for (const [typed, naira] of [
      ['₦45,000', '45000.00'],
      ['N 45 000', '45000.00'],
      ['1.2m', '1200000.00'],
    ]) {
      const res = await post(seller.token, { productPrice: typed }, [await makeImage()]);
      expect(res.status).toBe(201);
      expect(res.body.data.productPrice).toBe(naira);
    }
    const id = (await post(seller.token, {}, [await makeImage()])).body.data.id;
    const edited = await request(t.http).put(`/api/products/edit/${id}`).set(bearer(seller.token)).field('productPrice', '45k').expect(200);
    expect(edited.body.data.productPrice).toBe('45000.00');
    const cases: [string, string][] = [
      ['ten thousand', 'Enter the price in naira, e.g. 45,000'],
      ['45,00', 'Enter the price in naira, e.g. 45,000'],
      ['-5', 'The price must be between ₦0 and ₦1,000,000,000'],
      ['1,000,000,001', 'The price must be between ₦0 and ₦1,000,000,000'],
    ];
    for (const [typed, message] of cases) {
      const res = await post(seller.token, { productPrice: typed }, [await makeImage()]);
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual([{ field: 'productPrice', message }]);
      const edit = await request(t.http).put(`/api/products/edit/${id}`).set(bearer(seller.token)).field('productPrice', typed).expect(422);
      expect(edit.body.error).toEqual([{ field: 'productPrice', message }]);
    }
    // The back office's JSON edit: a number is read as its text; null is not a price.
    await request(t.http).put(`/api/admin/products/${id}`).set(bearer(admin)).send({ productPrice: 52000 }).expect(200);
    const nulled = await request(t.http).put(`/api/admin/products/${id}`).set(bearer(admin)).send({ productPrice: null }).expect(422);
    expect(nulled.body.error).toEqual([{ field: 'productPrice', message: 'Enter the price in naira, e.g. 45,000' }]);
  });

  it.each([
    ['negative price', { productPrice: '-5' }, 'productPrice'],
    ['non-numeric price', { productPrice: 'ten thousand' }, 'productPrice'],
    ['absurd price', { productPrice: '99999999999' }, 'productPrice'],
    ['missing name', { productName: '' }, 'productName'],
    ['missing location', { productLocation: ' ' }, 'productLocation'],
    ['bad type', { productType: 'refurbished' }, 'productType'],
    ['no agreement', { platformCommissionAgreement: 'no' }, 'platformCommissionAgreement'],
    ['unknown category', { productCategoryID: '99999' }, 'productCategoryID'],
  ])('refuses a %s with 422 and stores nothing', async (_, over, field) => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM product`))[0].n;
    const res = await post(seller.token, over, [await makeImage()]);
    expect(res.status).toBe(422);
    expect(res.body.error.map((e: { field: string }) => e.field)).toContain(field);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM product`))[0].n).toBe(before);
  });

  it('refuses 7 images, a text file renamed .jpg, and a 6 MB image — nothing stored', async () => {
    const files = countFiles(join(t.uploadDir, 'products'));
    const img = await makeImage();
    const seven = await post(seller.token, {}, Array(7).fill(img));
    expect(seven.status).toBe(422);
    expect(seven.body.error[0].message).toMatch(/at most 6 images/);

    const fake = await post(seller.token, {}, [img, Buffer.from('just some text pretending to be a photo')]);
    expect(fake.status).toBe(422);
    expect(fake.body.error[0].message).toMatch(/not a JPEG, PNG or WebP image/);

    const truncated = await post(seller.token, {}, [img.subarray(0, 200)]);
    expect(truncated.status).toBe(422);

    const big = Buffer.concat([img, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await post(seller.token, {}, [big]);
    expect([413, 422]).toContain(tooBig.status);
    expect(tooBig.body.message).toBeTruthy();
    expect(countFiles(join(t.uploadDir, 'products'))).toBe(files);
  });

  it('reads: GET /products/{id} → { success, data } with seller facts; 404 "Product not found." otherwise', async () => {
    const p = (await post(seller.token)).body.data;
    const res = await request(t.http).get(`/api/products/${p.id}`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.seller).toEqual({ listings: expect.any(Number), completedOrders: 0 });
    const missing = await request(t.http).get('/api/products/999999').expect(404);
    expect(missing.body).toEqual({ message: 'Product not found.', code: 'PRODUCT_NOT_FOUND' });
    const bySeller = await request(t.http).get(`/api/products/user/${seller.user.id}`).expect(200);
    expect(bySeller.body.success).toBe(true);
    expect(bySeller.body.data.every((x: { userID: number }) => x.userID === seller.user.id)).toBe(true);
  });

  it('only the seller or an admin edits or deletes; others 403, no token 401', async () => {
    const p = (await post(seller.token, {}, [await makeImage()])).body.data;
    await request(t.http).put(`/api/products/edit/${p.id}`).set(bearer(other.token)).field('productName', 'Mine now').expect(403);
    await request(t.http).put(`/api/products/edit/${p.id}`).field('productName', 'Mine now').expect(401);
    await request(t.http).delete(`/api/products/${p.id}`).set(bearer(other.token)).expect(403);
    await request(t.http).delete(`/api/products/${p.id}`).expect(401);
    const ok = await request(t.http)
      .put(`/api/products/edit/${p.id}`)
      .set(bearer(admin))
      .field('productName', 'Renamed by admin')
      .expect(200);
    expect(ok.body.data.productName).toBe('Renamed by admin');
  });

  it('edit keeps, removes and reorders images; removed files are deleted', async () => {
    const p = (await post(seller.token, {}, [await makeImage('jpeg'), await makeImage('png'), await makeImage('webp')])).body.data;
    const [a, b, c] = p.productImages.map((i: { imageUrl: string }) => i.imageUrl);
    const res = await request(t.http)
      .put(`/api/products/edit/${p.id}`)
      .set(bearer(seller.token))
      .field('keepImages', JSON.stringify([c, a]))
      .field('productPrice', '400000')
      .attach('productImages', await makeImage(), 'new.jpg')
      .expect(200);
    const urls = res.body.data.productImages.map((i: { imageUrl: string }) => i.imageUrl);
    expect(urls.slice(0, 2)).toEqual([c, a]);
    expect(urls).toHaveLength(3);
    expect(res.body.data.productPrice).toBe('400000.00');
    expect(existsSync(join(t.uploadDir, b.replace('/uploads/', '')))).toBe(false);
    await request(t.http).put(`/api/products/edit/${p.id}`).set(bearer(seller.token)).field('keepImages', '["/uploads/nope"]').expect(422);
  });

  it('delete removes the listing and its files', async () => {
    const p = (await post(seller.token, {}, [await makeImage()])).body.data;
    const file = join(t.uploadDir, p.productImages[0].thumbnailUrl.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(true);
    await request(t.http).delete(`/api/products/${p.id}`).set(bearer(seller.token)).expect(200);
    expect(existsSync(file)).toBe(false);
    await request(t.http).get(`/api/products/${p.id}`).expect(404);
  });

  it('GET /products/user/in lists my listings of every status; a withdrawn one is hidden from others', async () => {
    const p = (await post(seller.token)).body.data;
    await request(t.http).put(`/api/products/edit/${p.id}`).set(bearer(seller.token)).field('productStatus', 'withdrawn').expect(200);
    const mine = await request(t.http).get('/api/products/user/in').set(bearer(seller.token)).expect(200);
    expect(mine.body.data.find((x: { id: number }) => x.id === p.id).productStatus).toBe('withdrawn');
    await request(t.http).get(`/api/products/${p.id}`).expect(404);
    await request(t.http).get(`/api/products/${p.id}`).set(bearer(seller.token)).expect(200);
    await request(t.http).get('/api/products/user/in').expect(401);
  });

  it('admin: list with filters, block with a reason (seller emailed), unblock', async () => {
    const p = (await post(seller.token, { productName: 'Tecno Camon 20' })).body.data;
    const list = await request(t.http)
      .get('/api/admin/products')
      .query({ filter: JSON.stringify({ q: 'camon', seller: seller.user.id }), range: '[0,9]' })
      .set(bearer(admin))
      .expect(200);
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect(list.headers['content-range']).toBe('products 0-0/1');
    await request(t.http).post(`/api/admin/products/${p.id}/block`).set(bearer(admin)).send({}).expect(422);
    const blocked = await request(t.http)
      .post(`/api/admin/products/${p.id}/block`)
      .set(bearer(admin))
      .send({ reason: 'Counterfeit suspected' })
      .expect(200);
    expect(blocked.body).toMatchObject({ productStatus: 'blocked', blockReason: 'Counterfeit suspected' });
    await request(t.http).get(`/api/products/${p.id}`).expect(404);
    const mail = await t.db.query(`SELECT subject FROM mail_outbox WHERE recipient = $1`, [seller.email]);
    expect(mail.map((m: { subject: string }) => m.subject)).toContain('Your listing "Tecno Camon 20" was blocked');
    // The seller cannot unblock it by editing.
    const edit = await request(t.http)
      .put(`/api/products/edit/${p.id}`)
      .set(bearer(seller.token))
      .field('productStatus', 'active')
      .expect(200);
    expect(edit.body.data.productStatus).toBe('blocked');
    await request(t.http).post(`/api/admin/products/${p.id}/unblock`).set(bearer(admin)).expect(200);
    await request(t.http).get(`/api/products/${p.id}`).expect(200);
    await request(t.http).get('/api/admin/products').set(bearer(seller.token)).expect(401);
  });

  it('admins post for a named seller; a user token on admin writes is refused', async () => {
    const res = await post(admin, { userID: String(seller.user.id) });
    expect(res.status).toBe(201);
    expect(res.body.data.userID).toBe(seller.user.id);
    const noSeller = await post(admin);
    expect(noSeller.status).toBe(422);
    await request(t.http).delete(`/api/admin/products/${res.body.data.id}`).set(bearer(other.token)).expect(401);
    await request(t.http).delete(`/api/admin/products/${res.body.data.id}`).set(bearer(admin)).expect(200);
  });
});
