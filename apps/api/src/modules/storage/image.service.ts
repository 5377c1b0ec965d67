import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { invalidField } from '../../common/errors';

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

/** Checks uploads by content (magic bytes and a full decode) and makes EXIF-free, upright WebP variants. */
@Injectable()
export class ImageService {
  /** Throws a 422 naming the file unless it is a real JPEG/PNG/WebP of at most 5 MB. */
  async assertImage(file: UploadedImage, field: string): Promise<Kind> {
    if (file.size > MAX_IMAGE_BYTES) throw invalidField(field, `${file.originalname} is larger than 5 MB`);
    const kind = sniffImage(file.buffer);
    if (!kind) throw invalidField(field, `${file.originalname} is not a ${ACCEPTED} image`);
    try {
      const meta = await sharp(file.buffer, { failOn: 'error' }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      await sharp(file.buffer, { failOn: 'error' }).resize(8).raw().toBuffer(); // a full decode catches truncated files
    } catch {
      throw invalidField(field, `${file.originalname} could not be read as an image`);
    }
    return kind;
  }

  /** WebP no wider or taller than `size`, orientation applied, metadata stripped (sharp drops EXIF unless asked). */
  webp(buffer: Buffer, size: number, quality = 78): Promise<Buffer> {
    return sharp(buffer).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
  }

  /** The original re-encoded upright and without EXIF (GPS positions in phone photos must not leak). */
  async cleanOriginal(buffer: Buffer, kind: Kind): Promise<Buffer> {
    const img = sharp(buffer).rotate();
    if (kind === 'png') return img.png().toBuffer();
    if (kind === 'webp') return img.webp({ quality: 90 }).toBuffer();
    return img.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  }
}
