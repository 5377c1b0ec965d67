import type { ErrorCode } from '@kasuwa/contracts';
import { notFound } from './errors';

/**
 * An `:id` from the path as a number. Ids are positive and fit an int column, so anything else (text, 0, ten digits)
 * names nothing: it answers the resource's own 404 before it reaches SQL.
 */
export function pathId(raw: string, code: ErrorCode, message: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(code, message);
  return Number(raw);
}
