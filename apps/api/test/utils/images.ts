import sharp from 'sharp';

/** A real image made locally (no downloads), optionally with an EXIF orientation to check it is applied and stripped. */
export function makeImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 800, height = 600, orientation?: number): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  if (format === 'jpeg') return (orientation ? img.withMetadata({ orientation }) : img).jpeg().toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.webp().toBuffer();
}
