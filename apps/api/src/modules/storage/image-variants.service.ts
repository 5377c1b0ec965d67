import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import { ImageService, sniffImage, UploadedImage } from './image.service';
import { StorageService } from './storage.service';

/** One stored photo: WebP variants for cards and the carousel, the cleaned original, and the storage keys to delete. */
export interface StoredImage {
  imageUrl: string;
  thumbnailUrl: string;
  originalUrl: string;
  keys: string[];
}

/** The carousel's large WebP and the cards' thumbnail (the storefront's srcset names these widths). */
export const LARGE_PX = 1200;
export const THUMB_PX = 400;

/**
 * A photo in two steps. On the request: checked (ImageService.assertImage, by the caller) and its original stored,
 * upright and without EXIF — one decode and encode. In a background job: the WebP variants, made from that stored
 * original and written under fixed keys beside it, so a job that runs twice writes the same files again.
 *
 * Until the variants exist the image's `imageUrl` and `thumbnailUrl` are its `originalUrl`: every page shows the
 * photo at once, in the same frame (same aspect ratio; cards and the carousel size the frame, not the file), only
 * heavier for the few seconds until the worker has run; the storefront's srcset is left out while both are one URL.
 */
@Injectable()
export class ImageVariantsService {
  constructor(
    private readonly images: ImageService,
    private readonly storage: StorageService,
  ) {}

  /** Stores an accepted upload's cleaned original in a folder of its own under `prefix` (e.g. `products`). */
  async storeOriginal(file: UploadedImage, prefix: string): Promise<StoredImage> {
    const kind = sniffImage(file.buffer);
    if (!kind) throw new Error(`${file.originalname} was stored without being checked`);
    const key = `${prefix}/${randomUUID()}/original.${kind === 'jpeg' ? 'jpg' : kind}`;
    const url = await this.storage.put(key, await this.images.cleanOriginal(file.buffer, kind), `image/${kind}`);
    return { imageUrl: url, thumbnailUrl: url, originalUrl: url, keys: [key] };
  }

  /** True while the photo has no variants yet (its URLs are the original's). */
  isPending(img: StoredImage): boolean {
    return img.imageUrl === img.originalUrl;
  }

  /** The keys the variants of this photo are (or will be) stored under. */
  variantKeys(img: StoredImage): string[] {
    const folder = posix.dirname(img.keys[0]);
    return [`${folder}/${LARGE_PX}.webp`, `${folder}/${THUMB_PX}.webp`];
  }

  /** Makes and stores the variants from the stored original; returns the photo as it reads once they exist. */
  async makeVariants(img: StoredImage, original?: Buffer): Promise<StoredImage> {
    const source = original ?? (await this.storage.get(img.keys[0]));
    const [largeKey, thumbKey] = this.variantKeys(img);
    const [large, thumb] = await Promise.all([this.images.webp(source, LARGE_PX), this.images.webp(source, THUMB_PX, 72)]);
    const [imageUrl, thumbnailUrl] = await Promise.all([
      this.storage.put(largeKey, large, 'image/webp'),
      this.storage.put(thumbKey, thumb, 'image/webp'),
    ]);
    return { imageUrl, thumbnailUrl, originalUrl: img.originalUrl, keys: [img.keys[0], largeKey, thumbKey] };
  }

  async remove(images: StoredImage[]): Promise<void> {
    await this.storage.delete(images.flatMap((i) => i.keys));
  }
}
