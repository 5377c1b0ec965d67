import { FilesInterceptor } from '@nestjs/platform-express';
import { invalidField } from '../../common/errors';
import { MAX_IMAGE_BYTES } from './image.service';

/** Photos seen so far per request (dropped with the request). */
const filesSeen = new WeakMap<object, number>();

/**
 * Multipart photos in `field`, at most `max` per request: the filter refuses the next one with a 422 naming the field,
 * before multer buffers it and before multer's own "Unexpected file field" cap (kept as a backstop) is reached.
 */
export const photoUploads = (field: string, max: number, tooMany: string) =>
  FilesInterceptor(field, max * 2, {
    limits: { fileSize: MAX_IMAGE_BYTES + 1 },
    fileFilter: (req, _file, callback) => {
      const seen = (filesSeen.get(req) ?? 0) + 1;
      filesSeen.set(req, seen);
      if (seen > max) callback(invalidField(field, tooMany), false);
      else callback(null, true);
    },
  });
