import { HttpStatus } from '@nestjs/common';
import type { ErrorCode } from '@kasuwa/contracts';

/** A business-rule failure with a stable code; the global filter answers `{ message, code }` with `status`. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: HttpStatus = HttpStatus.BAD_REQUEST,
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.NOT_FOUND);
export const conflict = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.CONFLICT);
export const forbidden = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.FORBIDDEN);
export const unauthorized = (code: ErrorCode, message: string) => new DomainError(code, message, HttpStatus.UNAUTHORIZED);

/** A 422 for one field, in the same shape the validation pipe produces. */
export class FieldValidationError extends DomainError {
  constructor(readonly fields: { field: string; message: string }[]) {
    super('VALIDATION_FAILED', 'Validation failed', HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
export const invalidField = (field: string, message: string) => new FieldValidationError([{ field, message }]);
