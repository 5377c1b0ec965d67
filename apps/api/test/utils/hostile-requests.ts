import request from 'supertest';
import { isErrorCode } from '@kasuwa/contracts';
import type { HostileCase } from './hostile-values';
import type { RouteSpec } from './openapi-routes';

/** Sends one generated case and says what, if anything, is wrong with the answer. */

/**
 * Percent-encodes like encodeURIComponent, but also what it refuses: a lone surrogate goes out as its 3 WTF-8 bytes
 * (invalid UTF-8, exactly what a hostile client can send).
 */
export function encodePart(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function urlOf(route: RouteSpec, c: HostileCase): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodePart(c.path[name] ?? '1'));
  const qs = c.query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

const asField = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? ''));
const JUNK_FILE = Buffer.from('not an image \u0000 at all');

/** `a[b][0]=x` pairs, as a browser form or qs would send a nested body (values past 3 levels go as JSON text). */
function formPairs(value: unknown, prefix: string, depth = 0): [string, string][] {
  if (value === null || typeof value !== 'object' || depth > 3) return [[prefix || 'value', asField(value)]];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => formPairs(v, prefix ? `${prefix}[${k}]` : k, depth + 1));
}

/** Sends a case; `auth` is the whole Authorization header (a real token, a junk one, or none). */
export function send(http: Parameters<typeof request>[0], route: RouteSpec, c: HostileCase, auth?: string, photo: Buffer = JUNK_FILE) {
  const req = request(http)[route.method](urlOf(route, c));
  if (auth) req.set('Authorization', auth);
  req.timeout(30_000);
  if (c.body === undefined && c.files === 0) return req;
  if (c.encoding === 'form') {
    return req.set('Content-Type', 'application/x-www-form-urlencoded').send(
      formPairs(c.body, '')
        .map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`)
        .join('&'),
    );
  }
  if (c.encoding === 'text') return req.set('Content-Type', 'text/plain').send(asField(c.body));
  if (c.encoding === 'multipart') {
    const body = c.body && typeof c.body === 'object' && !Array.isArray(c.body) ? (c.body as Record<string, unknown>) : { value: c.body };
    for (const [k, v] of Object.entries(body)) {
      for (const item of Array.isArray(v) ? v.slice(0, 3) : [v]) req.field(k, asField(item));
    }
    const fileField = Object.entries(route.body?.schema.properties ?? route.multipart?.properties ?? {}).find(
      ([, s]) => s.format === 'binary' || s.items?.format === 'binary',
    )?.[0];
    for (let i = 0; i < c.files && fileField; i++) req.attach(fileField, c.realFiles ? photo : JUNK_FILE, `photo${i}.jpg`);
    return req;
  }
  if (c.body !== undefined) req.set('Content-Type', 'application/json').send(JSON.stringify(c.body));
  return req;
}

/** docs/api-conventions.md's error shapes: `{ message, code }`, or on 422 `{ message, code, error: [{ field, message }] }`, the code one of libs/contracts' ERROR_CODES. Nothing else. */
export function errorBodyProblem(status: number, body: unknown, contentType: string | undefined): string | null {
  if (!/json/.test(contentType ?? '')) return `error answer is not JSON (${contentType})`;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  const keys = Object.keys(body);
  const b = body as { message?: unknown; code?: unknown; error?: unknown };
  if (typeof b.message !== 'string' || !b.message) return 'error body has no message';
  if (!isErrorCode(b.code)) return `error body has no known code (${JSON.stringify(b.code)})`;
  if (status === 422 && b.code !== 'VALIDATION_FAILED') return `a 422 with code ${b.code}`;
  if (keys.some((k) => k !== 'message' && k !== 'code' && k !== 'error')) return `error body has extra keys: ${keys.join(',')}`;
  if ('error' in b) {
    if (status !== 422) return `error list on a ${status}`;
    const list = b.error;
    if (!Array.isArray(list) || !list.length) return 'error list is empty or not a list';
    const bad = list.find(
      (e) =>
        !e || typeof e.field !== 'string' || typeof e.message !== 'string' || Object.keys(e).some((k) => k !== 'field' && k !== 'message'),
    );
    if (bad) return `bad error entry ${JSON.stringify(bad)}`;
  }
  return null;
}

/** Short, printable description of a case for failure reports. */
export function describeCase(route: RouteSpec, c: HostileCase, actor: string): string {
  const body = c.body === undefined ? '' : ` body=${(JSON.stringify(c.body) ?? '').slice(0, 300)}`;
  const auth = actor === 'junk' ? ` (${c.junkAuth.slice(0, 60)})` : '';
  return `${route.method.toUpperCase()} ${urlOf(route, c).slice(0, 300)} as ${actor}${auth} ${c.encoding}${c.files ? ` files=${c.files}` : ''}${body}`;
}
