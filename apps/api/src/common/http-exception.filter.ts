import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { VALIDATION_FAILED, type ApiErrorBody } from '@kasuwa/contracts';
import { DomainError, FieldValidationError } from './errors';

interface PgError {
  code?: unknown;
  column?: unknown;
  detail?: unknown;
}

const invalid = (field: string, message: string) => ({ status: 422, body: { message: VALIDATION_FAILED, error: [{ field, message }] } });

/**
 * Postgres refusals that a request caused (SQLSTATE class 22 data exception, 23 integrity constraint, 54 program limit):
 * 409 when the record conflicts with another, 422 when a value is out of bounds. Validation should stop these first.
 */
function dbErrorBody(exception: unknown): { status: number; body: ApiErrorBody } | null {
  const e = (exception ?? {}) as PgError;
  if (typeof e.code !== 'string' || !/^(22|23|54)[0-9A-Z]{3}$/.test(e.code)) return null;
  const field = typeof e.column === 'string' ? e.column : 'request';
  switch (e.code) {
    case '23505': // unique_violation
      return { status: 409, body: { message: 'That record already exists.' } };
    case '23P01': // exclusion_violation
      return { status: 409, body: { message: 'That conflicts with an existing record.' } };
    case '23503': // foreign_key_violation: a referenced record is missing, or the record is still in use
      return typeof e.detail === 'string' && e.detail.includes('still referenced')
        ? { status: 409, body: { message: 'That record is still in use.' } }
        : invalid(field, 'A record the request refers to does not exist.');
    case '23502': // not_null_violation
      return invalid(field, `${field} is required.`);
    default:
      return invalid(field, 'A number, id, date or text in the request is out of range or not valid.');
  }
}

/** Maps every error to DECISIONS.md's shape: 422 `{ message, error: [...] }`, otherwise `{ message }`. Never a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toBody(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  private toBody(exception: unknown): { status: number; body: ApiErrorBody } {
    if (exception instanceof FieldValidationError) {
      return { status: 422, body: { message: exception.message, error: exception.fields } };
    }
    if (exception instanceof DomainError) return { status: exception.status, body: { message: exception.message } };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const resp = exception.getResponse();
      if (typeof resp === 'object' && resp && Array.isArray((resp as ApiErrorBody).error)) {
        return { status, body: resp as ApiErrorBody };
      }
      let message = typeof resp === 'string' ? resp : (resp as { message?: unknown }).message;
      if (Array.isArray(message)) message = message.join('; ');
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = 'The upload is too large.';
      return { status, body: { message: typeof message === 'string' && message ? message : exception.message } };
    }
    // Express middleware (body parsing, /uploads) fails with http-errors that carry their own client status.
    const mw = exception as { status?: unknown; expose?: unknown };
    if (typeof mw?.status === 'number' && mw.status >= 400 && mw.status < 500 && mw.expose === true) {
      const messages: Record<number, string> = { 404: 'Not found', 413: 'The request is too large.' };
      return { status: mw.status, body: { message: messages[mw.status] ?? 'The request could not be read.' } };
    }
    const db = dbErrorBody(exception);
    if (db) {
      // A value from the request that Postgres refused: the caller's input, not our fault. Logged, so a missing DTO rule gets noticed.
      this.logger.warn(`Refused by the database: ${(exception as Error).message}`);
      return db;
    }
    return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
  }
}
