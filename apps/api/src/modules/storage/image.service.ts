import { Inject, Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { invalidField } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { Semaphore } from './semaphore';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = 'JPEG, PNG or WebP';

type Kind = 'jpeg' | 'png' | 'webp';

/** Recognises an image by its first bytes, never by its name or declared type. */
export function sniffImage(buf: Buffer): Kind | null {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

const megapixels = (px: number) => `${Math.round(px / 100_000) / 10} megapixels`;

/**
 * Checks uploads by content (magic bytes, size from the header, a full decode) and makes EXIF-free, upright WebP
 * variants. Every decode waits for one of `IMAGE_CONCURRENCY` slots: decoding is CPU- and memory-heavy (a 40 Mpx
 * photo is ~120 MB of pixels), and sharp runs on libuv's 4 threads, shared with argon2, zlib compression and file
 * I/O: with all 4 busy on images, every compressed response waits (bench: search p95 0.6 s at 4 slots, 0.13 s at 2).
 * So a burst of uploads queues here rather than starving sign-ins and searches.
 */
@Injectable()
export class ImageService {
  private readonly maxPixels: number;
  readonly slots: Semaphore;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig) {
    this.maxPixels = cfg.storage.imageMaxPixels;
    this.slots = new Semaphore(cfg.storage.imageConcurrency);
    // One libvips thread per image: with the queue above, image work then uses at most IMAGE_CONCURRENCY cores.
    sharp.concurrency(1);
    // Uploads never repeat, so libvips' operation cache only holds on to memory.
    sharp.cache(false);
  }

  /** limitInputPixels is the second guard: should a header lie, libvips still stops instead of allocating. */
  private open(buffer: Buffer, failOn?: 'error') {
    return sharp(buffer, { limitInputPixels: this.maxPixels, ...(failOn ? { failOn } : {}) });
  }

  /** Throws a 422 naming the file unless it is a real JPEG/PNG/WebP of at most 5 MB and IMAGE_MAX_PIXELS pixels. */
  async assertImage(file: UploadedImage, field: string): Promise<Kind> {
    if (file.size > MAX_IMAGE_BYTES) throw invalidField(field, `${file.originalname} is larger than 5 MB`);
    const kind = sniffImage(file.buffer);
    if (!kind) throw invalidField(field, `${file.originalname} is not a ${ACCEPTED} image`);
    let meta: Metadata;
    try {
      meta = await sharp(file.buffer, { failOn: 'error' }).metadata(); // reads the header only
    } catch {
      throw invalidField(field, `${file.originalname} could not be read as an image`);
    }
    if (!meta.width || !meta.height) throw invalidField(field, `${file.originalname} could not be read as an image`);
    const pixels = meta.width * meta.height;
    if (pixels > this.maxPixels) {
      throw invalidField(
        field,
        `${file.originalname} is ${meta.width} × ${meta.height} pixels (${megapixels(pixels)}); photos can be at most ${megapixels(this.maxPixels)}`,
      );
    }
    try {
      // A full decode catches truncated files.
      await this.slots.run(() => this.open(file.buffer, 'error').resize(8).raw().toBuffer());
    } catch {
      throw invalidField(field, `${file.originalname} could not be read as an image`);
    }
    return kind;
  }

  /** WebP no wider or taller than `size`, orientation applied, metadata stripped (sharp drops EXIF unless asked). */
  webp(buffer: Buffer, size: number, quality = 78): Promise<Buffer> {
    return this.slots.run(() =>
      this.open(buffer).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer(),
    );
  }

  /** The original re-encoded upright and without EXIF (GPS positions in phone photos must not leak). */
  cleanOriginal(buffer: Buffer, kind: Kind): Promise<Buffer> {
    return this.slots.run(() => {
      const img = this.open(buffer).rotate();
      if (kind === 'png') return img.png().toBuffer();
      if (kind === 'webp') return img.webp({ quality: 90 }).toBuffer();
      return img.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    });
  }
}
