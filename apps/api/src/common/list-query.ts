import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { invalidField } from './errors';

/** A parsed ra-data-simple-rest list request. */
export interface ListParams {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson<T>(field: string, value: unknown, fallback: T): T {
  if (value === undefined || value === '') return fallback;
  try {
    return JSON.parse(String(value)) as T;
  } catch {
    throw invalidField(field, `${field} must be JSON`);
  }
}

/** `?sort=["name","ASC"]&range=[0,9]&filter={"q":"ada"}` → ListParams (at most 100 rows a page). */
export const SimpleRestList = createParamDecorator((defaultSort: string | undefined, ctx: ExecutionContext): ListParams => {
  const q = ctx.switchToHttp().getRequest().query as Record<string, unknown>;
  const [sortField, order] = parseJson<[string, string]>('sort', q.sort, [defaultSort ?? 'id', 'DESC']);
  const [start, end] = parseJson<[number, number]>('range', q.range, [0, 9]);
  const filter = parseJson<Record<string, unknown>>('filter', q.filter, {});
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) throw invalidField('range', 'range must be [start, end]');
  return {
    sortField: String(sortField),
    sortOrder: String(order).toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    offset: start,
    limit: Math.min(end - start + 1, 100),
    filter: filter && typeof filter === 'object' ? filter : {},
  };
});

/** Sets the Content-Range header ra-data-simple-rest reads the total from. */
export function setContentRange(res: Response, resource: string, params: ListParams, count: number, total: number): void {
  const end = count ? params.offset + count - 1 : params.offset;
  res.setHeader('Content-Range', `${resource} ${params.offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}
