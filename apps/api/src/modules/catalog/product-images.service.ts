import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MAX_PRODUCT_IMAGES } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { ImageService, sniffImage, UploadedImage } from '../storage/image.service';
import { StorageService } from '../storage/storage.service';
import type { StoredImage } from './entities/product.entity';

export const THUMB_PX = 400;
export const LARGE_PX = 1200;

/** Listing photos: checked by content, stored as a cleaned original plus WebP card and carousel sizes. */
@Injectable()
export class ProductImagesService {
  constructor(
    private readonly images: ImageService,
    private readonly storage: StorageService,
  ) {}

  /** Checks every file before storing any, so a bad sixth file leaves nothing behind. */
  async assertAll(files: UploadedImage[], keeping: number): Promise<void> {
    if (files.length + keeping > MAX_PRODUCT_IMAGES) {
      throw invalidField('productImages', `A listing can have at most ${MAX_PRODUCT_IMAGES} images`);
    }
    for (const f of files) await this.images.assertImage(f, 'productImages');
  }

  /** Stores files that assertAll has accepted (decoding each again to check it would double the image work). */
  async store(files: UploadedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const f of files) {
        const kind = sniffImage(f.buffer);
        if (!kind) throw invalidField('productImages', `${f.originalname} is not an image`); // only if called without assertAll
        const id = randomUUID();
        const [original, large, thumb] = await Promise.all([
          this.images.cleanOriginal(f.buffer, kind),
          this.images.webp(f.buffer, LARGE_PX),
          this.images.webp(f.buffer, THUMB_PX, 72),
        ]);
        const ext = kind === 'jpeg' ? 'jpg' : kind;
        const keys = [`products/${id}/original.${ext}`, `products/${id}/${LARGE_PX}.webp`, `products/${id}/${THUMB_PX}.webp`];
        const [originalUrl, imageUrl, thumbnailUrl] = await Promise.all([
          this.storage.put(keys[0], original, `image/${kind}`),
          this.storage.put(keys[1], large, 'image/webp'),
          this.storage.put(keys[2], thumb, 'image/webp'),
        ]);
        stored.push({ imageUrl, thumbnailUrl, originalUrl, keys });
      }
      return stored;
    } catch (err) {
      await this.remove(stored);
      throw err;
    }
  }

  async remove(images: StoredImage[]): Promise<void> {
    await this.storage.delete(images.flatMap((i) => i.keys));
  }
}
