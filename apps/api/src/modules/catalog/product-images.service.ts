import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_PRODUCT_IMAGES } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { CacheService } from '../cache/cache.service';
import { JobsService, type JobPayloads } from '../jobs/jobs.service';
import { ImageService, UploadedImage } from '../storage/image.service';
import { ImageVariantsService, StoredImage } from '../storage/image-variants.service';
import { StorageService } from '../storage/storage.service';
import { productCacheTag } from './product-cache';
import type { ProductRow } from '../../database/rows.generated';

export const PRODUCT_IMAGE_JOB = 'product-image-variants';

type VariantsJob = JobPayloads[typeof PRODUCT_IMAGE_JOB];

/**
 * Listing photos: checked by content and stored as a cleaned original on the request; the WebP card and carousel sizes
 * are made by a job (PRODUCT_IMAGE_JOB) in a worker, sent in the listing's own transaction. Until then the listing
 * shows the original (see ImageVariantsService).
 */
@Injectable()
export class ProductImagesService {
  private readonly logger = new Logger('ProductImages');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly images: ImageService,
    private readonly variants: ImageVariantsService,
    private readonly storage: StorageService,
    private readonly cache: CacheService,
    private readonly jobs: JobsService,
  ) {
    jobs.define({ name: PRODUCT_IMAGE_JOB, retryLimit: 8, retryDelaySeconds: 5, run: (data) => this.applyVariants(data) });
  }

  /** Checks every file before storing any, so a bad sixth file leaves nothing behind. */
  async assertAll(files: UploadedImage[], keeping: number): Promise<void> {
    if (files.length + keeping > MAX_PRODUCT_IMAGES) {
      throw invalidField('productImages', `A listing can have at most ${MAX_PRODUCT_IMAGES} images`);
    }
    for (const f of files) await this.images.assertImage(f, 'productImages');
  }

  /** Stores the originals of files that assertAll has accepted; queueVariants (in the listing's transaction) does the rest. */
  async store(files: UploadedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const f of files) stored.push(await this.variants.storeOriginal(f, 'products'));
      return stored;
    } catch (err) {
      await this.remove(stored);
      throw err;
    }
  }

  /** Stores the originals and makes the variants at once (the demo seed, which runs before any worker). */
  async storeWithVariants(files: UploadedImage[]): Promise<StoredImage[]> {
    const stored = await this.store(files);
    try {
      return await Promise.all(stored.map((img) => this.variants.makeVariants(img)));
    } catch (err) {
      await this.storage.delete(stored.flatMap((img) => [...img.keys, ...this.variants.variantKeys(img)]));
      throw err;
    }
  }

  /** One variants job per photo still without them, existing if and only if the listing's transaction commits. */
  async queueVariants(em: EntityManager, productId: number, images: StoredImage[]): Promise<void> {
    for (const img of images) {
      if (this.variants.isPending(img)) await this.jobs.send(PRODUCT_IMAGE_JOB, { productId, originalUrl: img.originalUrl }, { em });
    }
  }

  async remove(images: StoredImage[]): Promise<void> {
    await this.variants.remove(images);
  }

  /**
   * The job: makes the photo's variants and points the listing at them, once. A run finding the photo done (an earlier
   * run) or gone (edited away, listing deleted) does nothing; the swap is one conditional UPDATE of that array element,
   * so it never overwrites a seller's edit made meanwhile (edits lock the row and re-read the photos).
   */
  private async applyVariants({ productId, originalUrl }: VariantsJob): Promise<void> {
    const img = await this.photo(productId, originalUrl);
    if (!img || !this.variants.isPending(img)) return;
    let done: StoredImage;
    try {
      done = await this.variants.makeVariants(img);
    } catch (err) {
      // The original may have gone with its photo (an edit, a deletion) while this ran: then there is nothing to do.
      if (await this.photo(productId, originalUrl)) throw err;
      await this.storage.delete(this.variants.variantKeys(img));
      return;
    }
    const [{ n }] = await this.db.query<{ n: number }[]>(
      `WITH swapped AS (
         UPDATE product SET images = (
           SELECT jsonb_agg(CASE WHEN e->>'originalUrl' = $2 THEN $3::jsonb ELSE e END ORDER BY i) FROM jsonb_array_elements(images) WITH ORDINALITY AS x(e, i))
         WHERE id = $1 AND images @> jsonb_build_array(jsonb_build_object('originalUrl', $2::text, 'imageUrl', $2::text))
         RETURNING 1)
       SELECT count(*)::int AS n FROM swapped`,
      [productId, originalUrl, JSON.stringify(done)],
    );
    if (n) {
      await this.cache.invalidateTags(productCacheTag(productId)); // the page caches follow the catalogue version (a trigger)
      return;
    }
    // Not swapped: another run got there first (same keys, same bytes: keep them), or the photo left the listing while
    // these were made, and nobody else knows these files.
    if (!(await this.photo(productId, originalUrl))) {
      this.logger.log(`Photo ${originalUrl} left listing ${productId} before its variants were made; removing them`);
      await this.storage.delete(this.variants.variantKeys(img));
    }
  }

  private async photo(productId: number, originalUrl: string): Promise<StoredImage | undefined> {
    const [row] = await this.db.query<Pick<ProductRow, 'images'>[]>(`SELECT images FROM product WHERE id = $1`, [productId]);
    return (row?.images as StoredImage[] | undefined)?.find((i) => i.originalUrl === originalUrl);
  }
}
