import { ArgumentMetadata, NotFoundException, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { VALIDATION_FAILED, type FieldError } from '@kasuwa/contracts';
import { assertCleanInput } from './input-guard';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {})
      .slice(0, 1)
      .map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const INT4_MAX = 2_147_483_647;

/** Runs on every body, query and path parameter (multipart fields included, since the upload interceptor has read them by now). */
class GuardedValidationPipe extends ValidationPipe {
  /**
   * Synchronous for what has no class to validate (a path id, a primitive query field, the signed-in actor): the same
   * answer ValidationPipe.transform gives it, without the promise it makes for every parameter of every request.
   */
  override transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') assertCleanInput(value, metadata.data ?? '');
    // Every id column is an int4: a numeric path id past it names no record (rather than a query Postgres refuses).
    if (
      metadata.type === 'param' &&
      metadata.metatype === Number &&
      typeof value === 'string' &&
      /^\d{10,}$/.test(value) &&
      Number(value) > INT4_MAX
    ) {
      throw new NotFoundException('Not found');
    }
    if (!metadata.metatype || !this.toValidate(metadata)) return this.isTransformEnabled ? this.transformPrimitive(value, metadata) : value;
    return super.transform(value, metadata);
  }
}

/** Body/query validation: refuses NUL, broken Unicode and deep nesting first, strips unknown fields, converts types, answers 422 with one entry per field. */
export function createValidationPipe(): ValidationPipe {
  return new GuardedValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) =>
      new UnprocessableEntityException({ message: VALIDATION_FAILED, code: 'VALIDATION_FAILED', error: flatten(errors) }),
  });
}
