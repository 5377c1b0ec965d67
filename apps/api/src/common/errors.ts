import { HttpStatus } from '@nestjs/common';

/** A business-rule failure with a stable code; the global filter turns it into `{ message }` with `status`. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: HttpStatus = HttpStatus.BAD_REQUEST,
  ) {
    super(message);
  }
}

export const notFound = (code: string, message: string) => new DomainError(code, message, HttpStatus.NOT_FOUND);
export const conflict = (code: string, message: string) => new DomainError(code, message, HttpStatus.CONFLICT);
export const forbidden = (code: string, message: string) => new DomainError(code, message, HttpStatus.FORBIDDEN);
export const unauthorized = (code: string, message: string) => new DomainError(code, message, HttpStatus.UNAUTHORIZED);

/** A 422 for one field, in the same shape the validation pipe produces. */
export class FieldValidationError extends DomainError {
  constructor(readonly fields: { field: string; message: string }[]) {
    super('VALIDATION_FAILED', 'Validation failed', HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
export const invalidField = (field: string, message: string) => new FieldValidationError([{ field, message }]);
