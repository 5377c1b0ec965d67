import { MAX_IMAGE_MB } from '@kasuwa/contracts';

export const MAX_PHOTO_BYTES = MAX_IMAGE_MB * 1024 * 1024;
/** Longest edge after resizing: sharp enough for a zoomed product photo, far under 5 MB as JPEG. */
const STEPS = [
  { edge: 2560, quality: 0.85 },
  { edge: 2000, quality: 0.8 },
  { edge: 1600, quality: 0.75 },
];

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * A phone camera photo is often 6–12 MB: over the server's 5 MB limit (kept as is). Such a photo is redrawn in the
 * browser at most 2560 px on its longest edge as JPEG, which also saves the seller's mobile data. Photos already
 * under the limit are sent untouched. Resolves null when the browser cannot decode the file.
 */
export async function shrinkPhoto(file: File): Promise<File | null> {
  if (file.size <= MAX_PHOTO_BYTES) return file;
  let bitmap: ImageBitmap;
  try {
    // from-image: a portrait phone photo keeps its EXIF orientation once the EXIF is gone.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    for (const { edge, quality } of STEPS) {
      const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      // JPEG has no transparency: a PNG's see-through parts become white, not black.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await toBlob(canvas, quality);
      if (blob && blob.size <= MAX_PHOTO_BYTES) {
        const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
        return new File([blob], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
