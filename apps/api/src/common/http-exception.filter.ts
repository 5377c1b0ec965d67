import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiErrorBody } from '@kasuwa/contracts';
import { DomainError, FieldValidationError } from './errors';

/** numeric_value_out_of_range, invalid_text_representation, invalid_datetime_format, datetime_field_overflow. */
const BAD_VALUE_CODES = new Set(['22003', '22P02', '22007', '22008']);

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
    const pgCode = (exception as { code?: string })?.code;
    if (pgCode === '23505') return { status: 409, body: { message: 'That record already exists.' } };
    if (pgCode && BAD_VALUE_CODES.has(pgCode)) {
      // An id, number or date from the request that Postgres cannot hold: the caller's input, not our fault.
      this.logger.warn(`Rejected a request value: ${(exception as Error).message}`);
      return { status: 422, body: { message: 'Validation failed', error: [{ field: 'request', message: 'A number, id or date in the request is out of range or not valid.' }] } };
    }
    return { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } };
  }
}
