import sharp from 'sharp';
import type { AppConfig } from '../../config/app.config';
import { FieldValidationError } from '../../common/errors';
import { ImageService } from './image.service';

const service = (imageMaxPixels: number, imageConcurrency = 2) =>
  new ImageService({ storage: { imageMaxPixels, imageConcurrency } } as AppConfig);
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
const file = (buffer: Buffer) => ({ originalname: 'big.png', buffer, size: buffer.length });

describe('ImageService pixel limit', () => {
  it('refuses an image over IMAGE_MAX_PIXELS from its header, naming the size; accepts one at the limit', async () => {
    const images = service(1_000_000);
    const over = await png(1001, 1000);
    const err = await images.assertImage(file(over), 'productImages').catch((e) => e);
    expect(err).toBeInstanceOf(FieldValidationError);
    expect(err.fields).toEqual([
      { field: 'productImages', message: 'big.png is 1001 × 1000 pixels (1 megapixels); photos can be at most 1 megapixels' },
    ]);
    await expect(images.assertImage(file(await png(1000, 1000)), 'productImages')).resolves.toBe('png');
  });

  it('the header check never takes a decoding slot', async () => {
    const images = service(1_000_000, 1);
    const spy = jest.spyOn(images.slots, 'run');
    await images.assertImage(file(await png(2000, 2000)), 'f').catch(() => undefined);
    expect(spy).not.toHaveBeenCalled();
  });

  it('second guard: every decode is capped by limitInputPixels, even when the header check is bypassed', async () => {
    const images = service(1_000_000);
    const over = await png(1001, 1000);
    await expect(images.webp(over, 400)).rejects.toThrow(/pixel limit/i);
    await expect(images.cleanOriginal(over, 'png')).rejects.toThrow(/pixel limit/i);
  });

  it('decodes and encodes in the semaphore: never more at once than IMAGE_CONCURRENCY', async () => {
    const images = service(40_000_000, 2);
    const buf = await png(600, 400);
    let peak = 0;
    const run = images.slots.run.bind(images.slots);
    jest.spyOn(images.slots, 'run').mockImplementation((task) =>
      run(async () => {
        peak = Math.max(peak, images.slots.running);
        return task();
      }),
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? images.webp(buf, 100) : images.cleanOriginal(buf, 'png'))));
    expect(images.slots.run).toHaveBeenCalledTimes(8);
    expect(peak).toBe(2);
  });
});
