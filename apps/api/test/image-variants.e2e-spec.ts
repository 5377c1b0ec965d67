import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { PRODUCT_IMAGE_JOB } from '../src/modules/catalog/product-images.service';
import { JobsService } from '../src/modules/jobs/jobs.service';
import type { StoredImage } from '../src/modules/storage/image-variants.service';
import { makeImage } from './utils/images';
import { bootApp, freshDatabase, RunningApp, sleep, until, untilWaitingOnLock } from './utils/scale-apps';

/**
 * A web process checks an upload and stores its original; the WebP sizes come from a job in a worker (real
 * listening processes on one database and one upload folder). Once per photo, whatever the job's repeats, edits and
 * the worker's shutdown.
 */
describe('listing photos: the upload stores the original, a worker makes the variants', () => {
  let db: { url: string; drop(): Promise<void> };
  const uploads = mkdtempSync(join(tmpdir(), 'kasuwa-variants-'));
  let web: RunningApp;
  let worker: RunningApp | undefined;
  let sql: Client;
  let token = '';

  beforeAll(async () => {
    db = await freshDatabase();
    web = await bootApp(db.url, { KASUWA_ROLE: 'web', UPLOAD_DIR: uploads });
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    const reg = await fetch(`${web.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'photos@example.com', firstName: 'Amaka', lastName: 'Obi', password: 'Correct-Horse-9!' }),
    });
    token = ((await reg.json()) as { accessToken: string }).accessToken;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await web?.stop();
    await sql?.end();
    await db?.drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  async function listing(name: string): Promise<{ id: number; productImages: StoredImage[] }> {
    const form = new FormData();
    form.set('productName', name);
    form.set('productPrice', '15000');
    form.set('productLocation', 'Enugu');
    form.set('platformCommissionAgreement', 'agreed');
    form.set('productImages', new Blob([new Uint8Array(await makeImage('jpeg', 800, 600, 6))], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await fetch(`${web.base}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: number; productImages: StoredImage[] } }).data;
  }
  const imagesOf = async (id: number): Promise<StoredImage[]> =>
    (await sql.query(`SELECT images FROM product WHERE id = $1`, [id])).rows[0].images;
  const folderOf = (url: string) => join(uploads, url.replace('/uploads/', '').replace(/\/[^/]+$/, ''));
  const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);
  const jobsOf = async (productId: number) =>
    (
      await sql.query(
        `SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND (data->>'productId')::int = $2 ORDER BY created_on`,
        [PRODUCT_IMAGE_JOB, productId],
      )
    ).rows.map((r: { state: string }) => r.state);
  const startWorker = () => bootApp(db.url, { KASUWA_ROLE: 'worker', UPLOAD_DIR: uploads, JOBS_POLL_SECONDS: '1' });

  let first: { id: number; productImages: StoredImage[] };
  let second: { id: number; productImages: StoredImage[] };
  it('a web process stores only the checked original and queues one job; until it runs, every URL is the original', async () => {
    first = await listing('Photo-first standing fan');
    const [img] = first.productImages;
    expect(img.imageUrl).toBe(img.originalUrl);
    expect(img.thumbnailUrl).toBe(img.originalUrl);
    expect(filesIn(folderOf(img.originalUrl))).toEqual(['original.jpg']);
    const served = await fetch(`${web.base}${img.originalUrl}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1, meta.exif]).toEqual([600, 800, 1, undefined]); // upright, EXIF gone
    const api = (await (await fetch(`${web.base}/api/products/${first.id}`)).json()) as { data: { productImages: StoredImage[] } };
    expect(api.data.productImages).toEqual([{ imageUrl: img.originalUrl, thumbnailUrl: img.originalUrl, originalUrl: img.originalUrl }]);
    expect(await jobsOf(first.id)).toEqual(['created']); // a web process runs no jobs
  });

  it('a photo edited away before the worker runs gets no variants', async () => {
    const p = await listing('Edited-away kettle');
    const res = await fetch(`${web.base}/api/products/edit/${p.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keepImages: '[]' }),
    });
    expect(res.status).toBe(200);
    expect(filesIn(folderOf(p.productImages[0].originalUrl))).toEqual([]);
    second = p;
  });

  it('graceful shutdown lets a running variants job finish; a photo removed while its variants were made leaves no variant files', async () => {
    const p = await listing('Locked-row radio');
    // The job's swap will wait on this row lock, so the job is running when the worker is told to stop.
    const lock = new Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query(`SELECT 1 FROM product WHERE id = $1 FOR UPDATE`, [p.id]);
    worker = await startWorker();
    await untilWaitingOnLock(sql, 'the job waiting on the row lock');
    expect(await jobsOf(p.id)).toEqual(['active']);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sleep(700);
    expect(stopped).toBe(false); // still waiting for its running job
    // Meanwhile the photo leaves the listing (the way an account deletion or an edit takes it: in a row-locked update).
    await lock.query(`UPDATE product SET images = '[]' WHERE id = $1`, [p.id]);
    await lock.query('COMMIT');
    await lock.end();
    await stopping;
    worker = undefined;
    expect(await jobsOf(p.id)).toEqual(['completed']); // finished during the shutdown, not failed and left for a retry
    expect(filesIn(folderOf(p.productImages[0].originalUrl))).toEqual(['original.jpg']); // its variants were removed again
    expect(await jobsOf(second.id)).toEqual(['completed']);
  }, 90_000);

  it('the worker swaps the variants in: WebP 1200 and 400 beside the original, upright; the API and the files agree', async () => {
    worker = await startWorker();
    const [img] = await until(
      'variants',
      () => imagesOf(first.id),
      ([i]) => i.imageUrl !== i.originalUrl,
    );
    expect(img.imageUrl).toMatch(/\/1200\.webp$/);
    expect(img.thumbnailUrl).toMatch(/\/400\.webp$/);
    expect(filesIn(folderOf(img.originalUrl))).toEqual(['1200.webp', '400.webp', 'original.jpg']);
    const thumb = await sharp(readFileSync(join(folderOf(img.originalUrl), '400.webp'))).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 300, 400]);
    const api = (await (await fetch(`${web.base}/api/products/${first.id}`)).json()) as { data: { productImages: StoredImage[] } };
    expect(api.data.productImages).toEqual([{ imageUrl: img.imageUrl, thumbnailUrl: img.thumbnailUrl, originalUrl: img.originalUrl }]);
    expect((await fetch(`${web.base}${img.thumbnailUrl}`)).headers.get('content-type')).toBe('image/webp');
  }, 60_000);

  it('a variants job that runs again changes nothing', async () => {
    const before = await imagesOf(first.id);
    await web.app.get(JobsService).send(PRODUCT_IMAGE_JOB, { productId: first.id, originalUrl: before[0].originalUrl });
    await until(
      'the second run',
      () => jobsOf(first.id),
      (s) => s.length === 2 && s.every((x) => x === 'completed'),
    );
    expect(await imagesOf(first.id)).toEqual(before);
    expect(filesIn(folderOf(before[0].originalUrl))).toEqual(['1200.webp', '400.webp', 'original.jpg']);
  });

  it('an edit made with the URL shown before the variants existed keeps the photo', async () => {
    const { originalUrl } = (await imagesOf(first.id))[0];
    const res = await fetch(`${web.base}/api/products/edit/${first.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keepImages: JSON.stringify([originalUrl]), productPrice: '14000' }),
    });
    expect(res.status).toBe(200);
    const [img] = ((await res.json()) as { data: { productImages: StoredImage[] } }).data.productImages;
    expect(img.thumbnailUrl).toMatch(/\/400\.webp$/);
    expect(filesIn(folderOf(originalUrl))).toHaveLength(3);
  });
});
