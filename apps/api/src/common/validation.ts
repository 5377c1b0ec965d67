import { UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';
import { VALIDATION_FAILED, type FieldError } from '@kasuwa/contracts';

function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).slice(0, 1).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** Body/query validation: strips unknown fields, converts types, answers 422 with one entry per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new UnprocessableEntityException({ message: VALIDATION_FAILED, error: flatten(errors) }),
  });
}
