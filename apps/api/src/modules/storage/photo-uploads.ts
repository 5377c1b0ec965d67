import { CallHandler, ExecutionContext, mixin, NestInterceptor, Type } from '@nestjs/common';
import { applyDefaultLimits, removeFilesOnPipeRejection, runMulter } from '@nestjs/platform-express/multer/multer/multer.utils';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multer from 'multer';
import type { IncomingMessage } from 'node:http';
import type { Observable } from 'rxjs';
import { invalidField } from '../../common/errors';
import { MAX_IMAGE_BYTES } from './image.service';

type Multer = ReturnType<typeof multer>;
type Parsed = { body?: unknown; file?: unknown; files?: unknown };

/**
 * multer on Fastify: the app's body parsers leave a multipart body unread (http-adapter.ts), and this interceptor runs
 * multer over the raw request exactly as Nest's FileInterceptor/FilesInterceptor do on Express (the same limits, the
 * same errors: 413 for a file over its size, 400 for a broken form), then hands the fields and files to the request
 * Nest reads (@Body, @UploadedFile, @UploadedFiles).
 */
function multipart(handler: (m: Multer) => ReturnType<Multer['single']>, options: MulterOptions): Type<NestInterceptor> {
  class MultipartInterceptor implements NestInterceptor {
    private readonly multer = multer(applyDefaultLimits(options) as multer.Options);
    private readonly parse = handler(this.multer);

    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = ctx.switchToHttp().getRequest<FastifyRequest & Parsed>();
      const reply = ctx.switchToHttp().getResponse<FastifyReply>();
      const raw = request.raw as IncomingMessage & Parsed;
      await runMulter(this.parse, raw, reply.raw);
      // multer gives a multipart request a body without a prototype, and leaves any other body alone.
      if (raw.body && typeof raw.body === 'object' && !Object.getPrototypeOf(raw.body)) request.body = raw.body;
      if (raw.file !== undefined) request.file = raw.file;
      if (raw.files !== undefined) request.files = raw.files;
      return next
        .handle()
        .pipe(removeFilesOnPipeRejection((this.multer as unknown as { storage: multer.StorageEngine }).storage, request, reply.raw));
    }
  }
  return mixin(MultipartInterceptor);
}

/** One multipart file in `field` (multer's `single`): Nest's FileInterceptor, on Fastify. */
export const FileInterceptor = (field: string, options: MulterOptions) => multipart((m) => m.single(field), options);

/** Photos seen so far per request (dropped with the request). */
const filesSeen = new WeakMap<object, number>();

/**
 * Multipart photos in `field`, at most `max` per request: the filter refuses the next one with a 422 naming the field,
 * before multer buffers it and before multer's own "Unexpected file field" cap (kept as a backstop) is reached.
 */
export const photoUploads = (field: string, max: number, tooMany: string) =>
  multipart((m) => m.array(field, max * 2), {
    limits: { fileSize: MAX_IMAGE_BYTES + 1 },
    fileFilter: (req, _file, callback) => {
      const seen = (filesSeen.get(req) ?? 0) + 1;
      filesSeen.set(req, seen);
      if (seen > max) callback(invalidField(field, tooMany), false);
      else callback(null, true);
    },
  });
