import request from 'supertest';
import type S3rver from 's3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, registerUser } from './utils/actors';
import { postListing } from './utils/catalog-fixtures';
import { imageVariantsMade, makeImage } from './utils/images';
import { startS3 } from './utils/s3-store';
import { createTestApp, TestApp } from './utils/test-app';

/** With S3_* settings, photos go to an S3-compatible store (here s3rver, a real S3 API server on loopback). */
describe('photos in an S3-compatible store', () => {
  let t: TestApp;
  let s3: S3rver;
  let endpoint: string;
  const dir = mkdtempSync(join(tmpdir(), 'kasuwa-s3-'));

  beforeAll(async () => {
    let env: Record<string, string>;
    ({ s3, endpoint, env } = await startS3(dir, 'kasuwa-photos'));
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every variant in the bucket, serves them from its URL, and deletes them with the listing', async () => {
    const u = await registerUser(t);
    const res = await postListing(t, u.token, { productName: 'Bluetooth speaker', productPrice: '18000', productLocation: 'Abuja' }, [
      await makeImage(),
    ]).expect(201);
    await imageVariantsMade(t.db); // the variants job reads the original back from the bucket
    const [img] = (await request(t.http).get(`/api/products/${res.body.data.id}`).expect(200)).body.data.productImages;
    expect(img.thumbnailUrl).toMatch(new RegExp(`^${endpoint}/kasuwa-photos/products/.+/400\\.webp$`));
    for (const url of [img.thumbnailUrl, img.imageUrl, img.originalUrl]) {
      const got = await fetch(url);
      expect(got.status).toBe(200);
    }
    expect((await fetch(img.thumbnailUrl)).headers.get('content-type')).toBe('image/webp');
    await request(t.http).delete(`/api/products/${res.body.data.id}`).set(bearer(u.token)).expect(200);
    expect((await fetch(img.thumbnailUrl)).status).toBe(404);
    expect((await fetch(img.originalUrl)).status).toBe(404);
    expect((await fetch(img.imageUrl)).status).toBe(404);
  });
});
