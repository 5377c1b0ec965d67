import request from 'supertest';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { MAX_IMAGE_BYTES } from '../src/modules/storage/image.service';
import { bearer, registerUser } from './utils/actors';
import { makeImage } from './utils/images';
import { appPerFile } from './utils/test-app';

const listing = {
  productName: 'Tecno Camon 20',
  productPrice: '150000',
  productCurrency: 'NGN',
  productDescription: 'Boxed, two months old.',
  productLocation: 'Wuse, Abuja',
  productQuantity: '1',
  productType: 'used',
  platformCommissionAgreement: 'agreed',
};
const profile = { firstName: 'Ada', lastName: 'Obi', gender: 'Female', phone: '0803 123 4567' };

/** A 144-megapixel PNG of one colour: under 0.5 MB on the wire, ~430 MB once decoded (the attack of hostile input). */
const bomb = () =>
  sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

describe('image pixel limit (IMAGE_MAX_PIXELS, default 40 Mpx)', () => {
  let big: Buffer;
  beforeAll(async () => void (big = await bomb()));
  const { t } = appPerFile();

  const files = () => readdirSync(t.uploadDir, { recursive: true }).length;

  it('the 144 Mpx PNG is small enough to pass the 5 MB upload limit', () => {
    expect(big.length).toBeLessThan(MAX_IMAGE_BYTES);
  });

  it('a listing with a 144 Mpx photo is refused with a 422 naming the size; nothing is stored', async () => {
    const seller = await registerUser(t);
    const req = request(t.http).post('/api/products').set(bearer(seller.token));
    for (const [k, v] of Object.entries(listing)) req.field(k, v);
    const res = await req
      .attach('productImages', await makeImage(), 'ok.jpg')
      .attach('productImages', big, 'huge.png')
      .expect(422);
    expect(res.body.error).toEqual([
      { field: 'productImages', message: 'huge.png is 12000 × 12000 pixels (144 megapixels); photos can be at most 40 megapixels' },
    ]);
    expect(files()).toBe(0);
  });

  it('adding a 144 Mpx photo to an existing listing is refused the same way', async () => {
    const seller = await registerUser(t);
    const req = request(t.http).post('/api/products').set(bearer(seller.token));
    for (const [k, v] of Object.entries(listing)) req.field(k, v);
    const { id } = (await req.attach('productImages', await makeImage(), 'ok.jpg').expect(201)).body.data;
    const res = await request(t.http)
      .put(`/api/products/edit/${id}`)
      .set(bearer(seller.token))
      .attach('productImages', big, 'huge.png')
      .expect(422);
    expect(res.body.error[0]).toEqual({ field: 'productImages', message: expect.stringMatching(/144 megapixels/) });
  });

  it('a 144 Mpx profile photo is refused with a 422; the profile keeps no photo', async () => {
    const u = await registerUser(t);
    const req = request(t.http).put('/api/profile/update').set(bearer(u.token));
    for (const [k, v] of Object.entries(profile)) req.field(k, v);
    const res = await req.attach('profileImage', big, 'huge.png').expect(422);
    expect(res.body.error).toEqual([
      { field: 'profileImage', message: 'huge.png is 12000 × 12000 pixels (144 megapixels); photos can be at most 40 megapixels' },
    ]);
    const me = await request(t.http).get('/api/profile/me').set(bearer(u.token)).expect(200);
    expect(me.body.data.profileImage).toBeNull();
  });
});

describe('IMAGE_MAX_PIXELS is a setting', () => {
  const { t } = appPerFile({ env: { IMAGE_MAX_PIXELS: '480000' } });

  it('800 × 600 passes at 480,000 pixels; 801 × 600 is refused', async () => {
    const u = await registerUser(t);
    const put = (img: Buffer) => {
      const req = request(t.http).put('/api/profile/update').set(bearer(u.token));
      for (const [k, v] of Object.entries(profile)) req.field(k, v);
      return req.attach('profileImage', img, 'me.jpg');
    };
    await put(await makeImage('jpeg', 800, 600)).expect(200);
    const res = await put(await makeImage('jpeg', 801, 600)).expect(422);
    expect(res.body.error[0].message).toMatch(/801 × 600 pixels .* at most 0.5 megapixels/);
  });
});
