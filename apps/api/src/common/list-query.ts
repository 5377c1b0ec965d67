import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { invalidField } from './errors';
import { assertCleanInput } from './input-guard';

/**
 * The sort fields a list accepts: the name react-admin sends → the service's sort key. Looked up as own keys of a Map,
 * so `constructor` or `__proto__` is never a sort, and a list cannot sort by a column it did not name.
 */
export type SortFields<K extends string = string> = ReadonlyMap<string, K>;

/** `ILIKE` pattern for a list's search text (escapes %, _ and \\). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A SortFields whose client names are the service's keys (`sortFields('id', 'createdAt')`). */
export const sortFields = <K extends string>(...keys: K[]): SortFields<K> => new Map(keys.map((k) => [k, k]));

/** What `@SimpleRestList` is told: the accepted sort fields and the sort used when none (or an unknown one) is asked for. */
export interface ListOptions<K extends string = string> {
  sorts: SortFields<K>;
  fallback: K;
}

/** A parsed ra-data-simple-rest list request. */
export interface ListParams<K extends string = string> {
  /** The service's sort key, from the list's SortFields (the fallback when the field asked for is not one of them). */
  sort: K;
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

const isScalar = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** react-admin sends `["field","ASC"|"DESC"]`; anything else is a hand-made request. */
function sortOf(raw: unknown, fallback: string): { sortField: string; sortOrder: 'ASC' | 'DESC' } {
  if (raw === undefined) return { sortField: fallback, sortOrder: 'DESC' };
  const ok =
    Array.isArray(raw) && raw.length === 2 && typeof raw[0] === 'string' && typeof raw[1] === 'string' && /^(asc|desc)$/i.test(raw[1]);
  if (!ok) throw invalidField('sort', 'sort must be ["field", "ASC" or "DESC"]');
  assertCleanInput(raw[0], 'sort');
  return { sortField: raw[0], sortOrder: raw[1].toUpperCase() as 'ASC' | 'DESC' };
}

function rangeOf(raw: unknown): { offset: number; limit: number } {
  if (raw === undefined) return { offset: 0, limit: 10 };
  const [start, end] = Array.isArray(raw) && raw.length === 2 ? raw : [];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw invalidField('range', 'range must be [start, end]');
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

/**
 * `?sort=["name","ASC"]&range=[0,9]&filter={"q":"ada"}` → ListParams (at most 100 rows a page). Wrong shapes answer 422
 * naming the parameter. Given ListOptions, `sort` is the service key of the field asked for (own keys of the Map only).
 */
export const SimpleRestList = createParamDecorator(
  (options: ListOptions | string | undefined, ctx: ExecutionContext): ListParams =>
    parseListQuery(ctx.switchToHttp().getRequest().query as Record<string, unknown>, options),
  [documentListQuery],
);

/** SimpleRestList's parsing, apart from Nest (unit-tested in list-query.spec.ts). */
export function parseListQuery(q: Record<string, unknown>, options?: ListOptions | string): ListParams {
  const fallback = typeof options === 'object' ? options.fallback : (options ?? 'id');
  const sorted = sortOf(parseJson('sort', q.sort), fallback);
  const sort = typeof options === 'object' ? (options.sorts.get(sorted.sortField) ?? options.fallback) : sorted.sortField;
  return { ...sorted, sort, ...rangeOf(parseJson('range', q.range)), filter: filterOf(parseJson('filter', q.filter)) };
}

/** Declares sort/range/filter in the OpenAPI document of every list that takes them (clients and the hostile-input test read it). */
function documentListQuery(target: object, key: string | symbol | undefined): void {
  if (key === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
  const query = (name: string, description: string, example: string) =>
    ApiQuery({ name, required: false, type: String, description, example })(target, key, descriptor);
  query('sort', 'JSON ["field", "ASC" | "DESC"]', '["createdAt","DESC"]');
  query('range', 'JSON [start, end], at most 100 rows', '[0,9]');
  query('filter', 'JSON object of text, numbers, true/false or lists of those', '{"q":"ada"}');
}

/** Sets Content-Range and answers the page's rows: the end of every back-office list handler. */
export function listAnswer<T>(res: FastifyReply, resource: string, params: ListParams, page: { rows: T[]; total: number }): T[] {
  setContentRange(res, resource, params, page.rows.length, page.total);
  return page.rows;
}

/** A filter value as trimmed text, or undefined when it is not text or blank. */
export const filterText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A filter value as an id: a whole number from 1 that fits an int column, given as a number or as digits; else undefined. */
export const filterId = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v < 2 ** 31
    ? v
    : typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0
      ? Number(v)
      : undefined;

/** A filter value as a list of ids (react-admin's getMany sends `{ id: [1, 2] }`; what is not an id is left out), or undefined when absent. */
export const filterIds = (v: unknown): number[] | undefined =>
  v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(filterId).filter((id) => id !== undefined);

/** A filter value as true/false (a boolean or its text), or undefined. */
export const filterBool = (v: unknown): boolean | undefined =>
  v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined;

/** What a service's list method is given: the sort key, its direction and the page (from ListParams, or fixed by the caller). */
export interface PageRequest<K extends string = string> {
  sort: K;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A searchable back-office list's request: react-admin's search box (`q`) and getMany's ids, with the page. */
export interface SearchRequest<K extends string = string> extends PageRequest<K> {
  search?: string;
  ids?: number[];
}

/** ListParams → PageRequest. */
export const pageRequest = <K extends string>(p: ListParams<K>): PageRequest<K> => ({
  sort: p.sort,
  order: p.sortOrder,
  offset: p.offset,
  limit: p.limit,
});

/** ListParams → SearchRequest (`filter.q` and `filter.id`). */
export const searchRequest = <K extends string>(p: ListParams<K>): SearchRequest<K> => ({
  search: filterText(p.filter.q),
  ids: filterIds(p.filter.id),
  ...pageRequest(p),
});

/** The product's `?page=&limit=` paging (its `/inner/admin/*` lists): sane numbers, at most 100 rows. */
export function paging(page: unknown, limit: unknown, fallbackLimit = 10): { page: number; limit: number; offset: number } {
  const p = Math.max(1, Number.parseInt(String(page ?? ''), 10) || 1);
  const l = Math.min(100, Math.max(1, Number.parseInt(String(limit ?? ''), 10) || fallbackLimit));
  return { page: p, limit: l, offset: (p - 1) * l };
}

/** The product's page counters for a `paging` list. */
export const pageCounters = (p: { page: number; limit: number }, total: number) => ({
  total,
  totalPages: Math.ceil(total / p.limit),
  currentPage: p.page,
});

/** Sets the Content-Range header ra-data-simple-rest reads the total from. */
export function setContentRange(res: FastifyReply, resource: string, params: ListParams, count: number, total: number): void {
  const end = count ? params.offset + count - 1 : params.offset;
  res.header('Content-Range', `${resource} ${params.offset}-${end}/${total}`);
  res.header('Access-Control-Expose-Headers', 'Content-Range');
}
