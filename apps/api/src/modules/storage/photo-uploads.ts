import {
  BadRequestException,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  HttpException,
  mixin,
  NestInterceptor,
  PayloadTooLargeException,
  Type,
} from '@nestjs/common';
import type {} from '@fastify/multipart'; // request.parts() and isMultipart()
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Observable } from 'rxjs';
import { DomainError, invalidField } from '../../common/errors';
import { MAX_IMAGE_BYTES, type UploadedImage } from './image.service';

/** The photos a multipart request carried, where the param decorators below find them. */
const UPLOADS = Symbol('kasuwa.uploads');
type WithUploads = FastifyRequest & { [UPLOADS]?: UploadedImage[] };

/** What one route accepts: photos in `field`, at most `max`; past that, `tooMany` (a 422 naming the field) or a 400. */
interface UploadRule {
  field: string;
  max: number;
  tooMany?: string;
  fileSize: number;
}

/** busboy's own defaults, as the form parser had them: a text field up to 1 MB, 1,000 parts in all. */
const FIELD_SIZE = 1024 * 1024;
const PARTS = 1000;

/** `a=1&a=2` style: a field sent twice becomes a list of its values, in order (forms repeat a name for a list). */
function appendField(body: Record<string, unknown>, name: string, value: string): void {
  const had = body[name];
  if (had === undefined) body[name] = value;
  else if (Array.isArray(had)) had.push(value);
  else body[name] = [had, value];
}

/** The parser's failures as the house answers: a file over its size is a 413, a form that cannot be read a 400. */
function asHttpError(err: unknown): unknown {
  if (err instanceof HttpException || err instanceof DomainError) return err; // the route's own refusals
  const e = err as { code?: unknown; message?: unknown; statusCode?: unknown };
  switch (e?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeException('File too large');
    case 'FST_FILES_LIMIT':
      return new BadRequestException('Too many files');
    case 'FST_FIELDS_LIMIT':
      return new BadRequestException('Too many fields');
    case 'FST_PARTS_LIMIT':
      return new BadRequestException('Too many parts');
    case 'FST_PROTO_VIOLATION':
      return new BadRequestException('Invalid field name');
  }
  // Anything else the parser raises is about the bytes the client sent (a broken boundary, a part cut short).
  return new BadRequestException(`Multipart: ${typeof e?.message === 'string' ? e.message : 'the form could not be read'}`);
}

/**
 * Reads the rest of a refused request before its answer goes out, so the client is not cut off while it still sends
 * (it would see a reset instead of the 4xx); a client that went away is not waited for.
 */
function drain(raw: IncomingMessage): Promise<void> {
  raw.unpipe();
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((done) => {
    raw.once('end', done).once('error', done).once('close', done);
    raw.resume();
  });
}

/**
 * Reads a multipart form with @fastify/multipart (registered in http-adapter.ts): the text fields become the body the
 * DTO validates, files in `rule.field` are buffered (each at most `rule.fileSize` bytes; ImageService then gives a
 * file over 5 MB its own 422), a file in any other field is a 400, and one photo too many is refused before it is read.
 */
async function readForm(request: FastifyRequest, rule: UploadRule): Promise<{ body: Record<string, unknown>; files: UploadedImage[] }> {
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: UploadedImage[] = [];
  try {
    // A file over fileSize fails toBuffer() (the plugin's throwFileSizeLimit, on by default).
    const parts = request.parts({
      limits: { fileSize: rule.fileSize, fieldSize: FIELD_SIZE, parts: PARTS, ...(rule.tooMany ? {} : { files: rule.max }) },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated) throw new BadRequestException('Field name too long');
        if (part.valueTruncated) throw new BadRequestException(`Field value too long - ${part.fieldname}`);
        // A part that says it is JSON arrives parsed: the DTOs read a form's values as text, so it goes back to text.
        const value = typeof part.value === 'string' ? part.value : (JSON.stringify(part.value) ?? '');
        appendField(body, part.fieldname, value);
        continue;
      }
      // A file part without a file name carries no file (an empty file input): skipped.
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      if (part.fieldname !== rule.field) throw new BadRequestException(`Unexpected file field - ${part.fieldname}`);
      if (files.length >= rule.max) throw rule.tooMany ? invalidField(rule.field, rule.tooMany) : new BadRequestException('Too many files');
      const buffer = await part.toBuffer();
      files.push({ originalname: part.filename, buffer, size: buffer.length });
    }
  } catch (err) {
    await drain(request.raw);
    throw asHttpError(err);
  }
  return { body, files };
}

function multipart(rule: UploadRule): Type<NestInterceptor> {
  class MultipartInterceptor implements NestInterceptor {
    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = ctx.switchToHttp().getRequest<WithUploads>();
      // A JSON or urlencoded body was read by the body parsers; only a multipart one is left for this route.
      if (request.isMultipart()) {
        const { body, files } = await readForm(request, rule);
        request.body = body;
        request[UPLOADS] = files;
      }
      return next.handle();
    }
  }
  return mixin(MultipartInterceptor);
}

/** Photos in `field` (one unless `files` says more, each at most `fileSize` bytes): one more is a 400, as is a file in any other field. */
export const FileInterceptor = (field: string, options: { limits: { fileSize: number; files?: number } }) =>
  multipart({ field, max: options.limits.files ?? 1, fileSize: options.limits.fileSize });

/**
 * Multipart photos in `field`, at most `max` per request: the next one is refused with a 422 naming the field, before
 * it is read.
 */
export const photoUploads = (field: string, max: number, tooMany: string) =>
  multipart({ field, max, tooMany, fileSize: MAX_IMAGE_BYTES + 1 });

/** The photo FileInterceptor read (undefined when none was sent, or the body was JSON). */
export const UploadedFile = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<WithUploads>()[UPLOADS]?.[0],
);

/** The photos photoUploads read (undefined when none: the handler's default applies). */
export const UploadedFiles = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const files = ctx.switchToHttp().getRequest<WithUploads>()[UPLOADS];
  return files?.length ? files : undefined;
});
