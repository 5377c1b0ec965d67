import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { isErrorCode, VALIDATION_FAILED, type ApiErrorBody, type ErrorCode } from '@kasuwa/contracts';
import { DomainError, FieldValidationError } from './errors';

interface PgError {
  code?: unknown;
  column?: unknown;
  detail?: unknown;
}

const invalid = (field: string, message: string) => ({
  status: 422,
  body: { message: VALIDATION_FAILED, code: 'VALIDATION_FAILED' as const, error: [{ field, message }] },
});

/** The code of an answer that has no domain code of its own, by its status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};
export const codeForStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');

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
      return { status: 409, body: { message: 'That record already exists.', code: 'ALREADY_EXISTS' } };
    case '23P01': // exclusion_violation
      return { status: 409, body: { message: 'That conflicts with an existing record.', code: 'CONFLICT' } };
    case '23503': // foreign_key_violation: a referenced record is missing, or the record is still in use
      return typeof e.detail === 'string' && e.detail.includes('still referenced')
        ? { status: 409, body: { message: 'That record is still in use.', code: 'IN_USE' } }
        : invalid(field, 'A record the request refers to does not exist.');
    case '23502': // not_null_violation
      return invalid(field, `${field} is required.`);
    default:
      return invalid(field, 'A number, id, date or text in the request is out of range or not valid.');
  }
}

/** Maps every error to docs/api-conventions.md's shape: `{ message, code }`, on 422 with `error: [...]`. Never a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply | ServerResponse>();
    const { status, body } = errorAnswer(exception, this.logger);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if ('sent' in res) {
      if (!res.sent) void res.code(status).send(body);
      return;
    }
    // A raw response (a handler that answered on it itself)
    if (res.headersSent) return;
    const text = JSON.stringify(body);
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(text);
  }
}

/** The status and body the filter answers for an exception. */
export function errorAnswer(exception: unknown, logger?: Logger): { status: number; body: ApiErrorBody } {
  if (exception instanceof FieldValidationError) {
    return { status: 422, body: { message: exception.message, code: exception.code, error: exception.fields } };
  }
  if (exception instanceof DomainError) return { status: exception.status, body: { message: exception.message, code: exception.code } };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const resp = exception.getResponse();
    const own = typeof resp === 'object' && resp ? (resp as Partial<ApiErrorBody>) : {};
    const code = isErrorCode(own.code) ? own.code : codeForStatus(status);
    if (Array.isArray(own.error)) return { status, body: { message: String(own.message ?? VALIDATION_FAILED), code, error: own.error } };
    let message = typeof resp === 'string' ? resp : (resp as { message?: unknown }).message;
    if (Array.isArray(message)) message = message.join('; ');
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) message = 'The upload is too large.';
    return { status, body: { message: typeof message === 'string' && message ? message : exception.message, code } };
  }
  // Body parsing (body-parser), static files (send) and the router (Fastify) fail with errors that carry their own
  // client status: http-errors (`status`, `expose`) or Fastify's (`statusCode`, a FST_ code).
  const mw = exception as { status?: unknown; statusCode?: unknown; expose?: unknown; code?: unknown };
  const clientStatus =
    mw?.expose === true ? mw.status : typeof mw?.code === 'string' && mw.code.startsWith('FST_') ? mw.statusCode : undefined;
  if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
    const messages: Record<number, string> = { 404: 'Not found', 413: 'The request is too large.' };
    return {
      status: clientStatus,
      body: { message: messages[clientStatus] ?? 'The request could not be read.', code: codeForStatus(clientStatus) },
    };
  }
  const db = dbErrorBody(exception);
  if (db) {
    // A value from the request that Postgres refused: the caller's input, not our fault. Logged, so a missing DTO rule gets noticed.
    logger?.warn(`Refused by the database: ${(exception as Error).message}`);
    return db;
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } };
}
