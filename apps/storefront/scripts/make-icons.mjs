// Makes the storefront's icons from one mark (a white K on Kasuwa green): favicon.ico (16/32/48), the PNGs of the
// web app manifest (192, 512, and a full-bleed maskable 512) and apple-touch-icon.png. Run after changing the mark:
//   node apps/storefront/scripts/make-icons.mjs
// The outputs are committed in apps/storefront/public/ (a build does not need sharp's fonts or this script).
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const out = resolve(import.meta.dirname, '../public');
const GREEN = '#0b6e4f';
// A drawn K, not a font's: the icon looks the same wherever it is rendered.
const K = '<path d="M19 14h9v15.5L39 14h11L36.5 31 51 50H40L30 36.5l-2 2.5V50h-9z" fill="#fff"/>';
const mark = (radius, scale = 1) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${radius}" fill="${GREEN}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${K}</g></svg>`;

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An .ico holding PNG images (Windows Vista+ and every browser read them): a 6-byte header, 16 bytes per entry. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

const rounded = mark(14);
writeFileSync(resolve(out, 'favicon.svg'), rounded);
writeFileSync(
  resolve(out, 'favicon.ico'),
  ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })))),
);
writeFileSync(resolve(out, 'icon-192.png'), await png(rounded, 192));
writeFileSync(resolve(out, 'icon-512.png'), await png(rounded, 512));
// Maskable: the launcher cuts its own shape, so the green fills the square and the K stays in the middle 80 %.
writeFileSync(resolve(out, 'icon-maskable-512.png'), await png(mark(0, 0.8), 512));
// iOS ignores the manifest's icons and rounds the corners itself.
writeFileSync(resolve(out, 'apple-touch-icon.png'), await png(mark(0, 0.9), 180));
console.log('icons written to', out);
