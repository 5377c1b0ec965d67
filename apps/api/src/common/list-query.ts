import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Response } from 'express';
import { invalidField } from './errors';
import { assertCleanInput } from './input-guard';

/** A parsed ra-data-simple-rest list request. */
export interface ListParams {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(field: string, value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidField(field, `${field} must be given once, as JSON`);
  try {
    return JSON.parse(value);
  } catch {
    throw invalidField(field, `${field} must be JSON`);
  }
}

const isScalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** react-admin sends `["field","ASC"|"DESC"]`; anything else is a hand-made request. */
function sortOf(raw: unknown, fallback: string): { sortField: string; sortOrder: 'ASC' | 'DESC' } {
  if (raw === undefined) return { sortField: fallback, sortOrder: 'DESC' };
  const ok = Array.isArray(raw) && raw.length === 2 && typeof raw[0] === 'string' && typeof raw[1] === 'string' && /^(asc|desc)$/i.test(raw[1]);
  if (!ok) throw invalidField('sort', 'sort must be ["field", "ASC" or "DESC"]');
  assertCleanInput(raw[0], 'sort');
  return { sortField: raw[0], sortOrder: raw[1].toUpperCase() as 'ASC' | 'DESC' };
}

function rangeOf(raw: unknown): { offset: number; limit: number } {
  if (raw === undefined) return { offset: 0, limit: 10 };
  const [start, end] = Array.isArray(raw) && raw.length === 2 ? raw : [];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) throw invalidField('range', 'range must be [start, end]');
  return { offset: start, limit: Math.min(end - start + 1, 100) };
}

/** A filter is `{ name: value }` where a value is text, a number, true/false, null or a list of those (getMany ids). */
function filterOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidField('filter', 'filter must be a JSON object');
  for (const [key, v] of Object.entries(raw)) {
    if (!(isScalar(v) || (Array.isArray(v) && v.every(isScalar)))) {
      throw invalidField('filter', `filter.${key} must be text, a number, true/false or a list of those`);
    }
  }
  assertCleanInput(raw, 'filter');
  // Own keys only from here on: a null prototype means `filter.toString` is undefined unless the caller sent it.
  return Object.assign(Object.create(null) as Record<string, unknown>, raw);
}

/** `?sort=["name","ASC"]&range=[0,9]&filter={"q":"ada"}` → ListParams (at most 100 rows a page). Wrong shapes answer 422 naming the parameter. */
export const SimpleRestList = createParamDecorator(
  (defaultSort: string | undefined, ctx: ExecutionContext): ListParams => {
    const q = ctx.switchToHttp().getRequest().query as Record<string, unknown>;
    return {
      ...sortOf(parseJson('sort', q.sort), defaultSort ?? 'id'),
      ...rangeOf(parseJson('range', q.range)),
      filter: filterOf(parseJson('filter', q.filter)),
    };
  },
  [documentListQuery],
);

/** Declares sort/range/filter in the OpenAPI document of every list that takes them (clients and the hostile-input test read it). */
function documentListQuery(target: object, key: string | symbol | undefined): void {
  if (key === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
  const query = (name: string, description: string, example: string) => ApiQuery({ name, required: false, type: String, description, example })(target, key, descriptor);
  query('sort', 'JSON ["field", "ASC" | "DESC"]', '["createdAt","DESC"]');
  query('range', 'JSON [start, end], at most 100 rows', '[0,9]');
  query('filter', 'JSON object of text, numbers, true/false or lists of those', '{"q":"ada"}');
}

/** Sets the Content-Range header ra-data-simple-rest reads the total from. */
export function setContentRange(res: Response, resource: string, params: ListParams, count: number, total: number): void {
  const end = count ? params.offset + count - 1 : params.offset;
  res.setHeader('Content-Range', `${resource} ${params.offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}
