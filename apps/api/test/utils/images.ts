import sharp from 'sharp';

/** A real image made locally (no downloads), optionally with an EXIF orientation to check it is applied and stripped. */
export function makeImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 800, height = 600, orientation?: number): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  if (format === 'jpeg') return (orientation ? img.withMetadata({ orientation }) : img).jpeg().toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.webp().toBuffer();
}

/**
 * Waits until no listing photo is without its WebP sizes: the upload answers with the stored original and the
 * product-image-variants job makes the rest in the background (the test app runs jobs: role `all`).
 */
export async function imageVariantsMade(db: { query(sql: string): Promise<{ n: number }[]> }, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM product, jsonb_array_elements(images) e WHERE e->>'imageUrl' = e->>'originalUrl'`,
    );
    if (n === 0) return;
    if (Date.now() > end) throw new Error(`${n} listing photo(s) still without variants after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
