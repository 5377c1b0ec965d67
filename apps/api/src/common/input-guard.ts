import { BadRequestException } from '@nestjs/common';
import { FieldValidationError } from './errors';

/** Deeper than this, a request is not a form anyone filled in: refuse it before class-transformer recurses into it. */
export const MAX_INPUT_DEPTH = 32;

/** A UTF-16 half without its other half: not text, and validator's isEmail throws URIError on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored or checked, or null when it is fine. Postgres refuses NUL in text outright. */
function problemWith(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must be valid text (it contains a broken Unicode character)';
  return null;
}

/**
 * Keys no form has, that break the code reading the object: an own `toString`/`valueOf` makes String()/Number() of it throw
 * (class-transformer's @Type(() => Number), template strings), and `__proto__` is the prototype-pollution key.
 */
const RESERVED_KEYS = new Set(['__proto__', 'toString', 'valueOf']);

/** Field names are echoed back in the 422: keep them printable. */
const printable = (key: string) => key.replace(/\u0000/g, '\\u0000').replace(/[\uD800-\uDFFF]/g, '?');
const join = (path: string, key: string) => (path ? `${path}.${printable(key)}` : printable(key));

/**
 * Walks request input once at the edge (body, query, path params, multipart fields, list filters): every string and key
 * must be text Postgres and the validators can take, and nesting must stay under MAX_INPUT_DEPTH.
 * 400 for nesting, 422 naming the field for bad text. Iterative, so a hostile depth cannot overflow the stack here.
 */
export function assertCleanInput(value: unknown, root = ''): void {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: root, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = problemWith(v);
      if (problem) throw new FieldValidationError([{ field: path || 'request', message: `${path || 'The request'} ${problem}` }]);
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new BadRequestException(`The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
    for (const key of Object.keys(v)) {
      const field = join(path, key);
      const problem = problemWith(key);
      if (problem) throw new FieldValidationError([{ field, message: `A field name ${problem}` }]);
      if (RESERVED_KEYS.has(key))
        throw new FieldValidationError([
          { field: path || 'request', message: `${path || 'The request'} must not have a field named ${key}` },
        ]);
      stack.push({ v: (v as Record<string, unknown>)[key], path: field, depth: depth + 1 });
    }
  }
}
