import { randomUUID } from 'node:crypto';
import type { ImageService, UploadedImage } from './image.service';
import type { StorageService } from './storage.service';

/** One stored photo: a 1200 px and a 400 px WebP and the cleaned original, with the storage keys behind them. */
export interface StoredPhoto {
  imageUrl: string;
  thumbnailUrl: string;
  originalUrl: string;
  keys: string[];
}

/**
 * Checks a photo like a listing photo (content sniffed, 5 MB and pixel caps, full decode; a 422 naming `field`
 * otherwise) and stores its variants under `folder/<uuid>/`, EXIF stripped (phone photos carry GPS positions).
 */
export async function storePhoto(
  images: ImageService,
  storage: StorageService,
  folder: string,
  file: UploadedImage,
  field: string,
): Promise<StoredPhoto> {
  const kind = await images.assertImage(file, field);
  const key = randomUUID();
  const [original, large, thumb] = await Promise.all([
    images.cleanOriginal(file.buffer, kind),
    images.webp(file.buffer, 1200),
    images.webp(file.buffer, 400, 72),
  ]);
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  const keys = [`${folder}/${key}/original.${ext}`, `${folder}/${key}/1200.webp`, `${folder}/${key}/400.webp`];
  const [originalUrl, imageUrl, thumbnailUrl] = await Promise.all([
    storage.put(keys[0], original, `image/${kind}`),
    storage.put(keys[1], large, 'image/webp'),
    storage.put(keys[2], thumb, 'image/webp'),
  ]);
  return { imageUrl, thumbnailUrl, originalUrl, keys };
}
