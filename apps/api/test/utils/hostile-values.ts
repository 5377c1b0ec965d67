import fc from 'fast-check';
import type { RouteParam, RouteSpec, Schema } from './openapi-routes';

/** Generators of hostile (and some plausible) request input, driven by the OpenAPI schemas. */

export const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

/** Ids of real records, so that some generated requests get past "not found" into the deeper code. */
export interface FixtureIds {
  ids: number[];
  categoryIds: number[];
  orderNumbers: string[];
}

const nestedJson = (depth: number) => {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Strings that have broken something somewhere: NUL, lone surrogates, prototype names, JSON-looking text, huge or odd numbers. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udc00x', 'x\ud83d', '\ud800@kasuwa.test', 'a\u0000@kasuwa.test'),
  fc.constantFrom(...PROTO_NAMES),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    'null',
    'undefined',
    'true',
    '{}',
    '[]',
    '[1]',
    '{"toString":1}',
    '["toString","ASC"]',
    '[0,1e308]',
    '{"id":{"toString":1}}',
  ),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e308',
    '-1e308',
    'NaN',
    'Infinity',
    '2147483648',
    '9007199254740993',
    '99999999999999999999',
    '0x10',
    '1,000',
    '9999999999.99',
  ),
  fc.constantFrom("'; DROP TABLE product; --", '%', '_', '\\', '%00', '../../etc/passwd', 'KSW-99999999999999999999', '<script>x</script>'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([s, bad]) => `${s}${bad}${s}`),
  fc.integer({ min: 300, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value of the wrong kind: huge numbers, arrays for scalars, objects with prototype keys, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.oneof(hostileString, fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.constantFrom(...PROTO_NAMES).map((k) => JSON.parse(`{"${k}":{"toString":1,"isAdmin":true}}`)),
  fc.constantFrom({ toString: 1 }, { valueOf: 'x' }, {}, [], [[[]]]),
  fc.constantFrom(40, 3000).map(nestedJson),
  fc.jsonValue({ maxDepth: 3 }),
);

const nameHint = (name: string, fx: FixtureIds): fc.Arbitrary<unknown> | null => {
  if (/email/i.test(name)) return fc.constantFrom('fuzz@example.com', 'admin@kasuwa.test');
  if (/password/i.test(name)) return fc.constant('Correct-Horse-9!');
  if (/phone/i.test(name)) return fc.constant('08031234567');
  if (/price|amount/i.test(name)) return fc.constantFrom('1500', '1500.50', 1500);
  if (/categor/i.test(name)) return fc.constantFrom(...fx.categoryIds, null);
  if (/(^id|Id|ID)$/.test(name)) return fc.constantFrom(...fx.ids);
  if (/reference/i.test(name)) return fc.constantFrom('CS-0000', ...fx.orderNumbers);
  if (/cursor/i.test(name)) return fc.constant('');
  return null;
};

/** A value the route would accept (roughly), so that hostile values elsewhere in the same request reach the deeper code. */
export function plausible(schema: Schema, name: string, fx: FixtureIds, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.example !== undefined) return fc.constant(schema.example);
  if (schema.default !== undefined) return fc.constant(schema.default);
  const hint = nameHint(name, fx);
  if (hint) return hint;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 20, 20) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(schema.items ?? {}, name, fx, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 || !schema.properties ? fc.constant({}) : objectOf(schema, fx, depth + 1, false);
    default:
      return schema.format === 'binary' ? fc.constant(undefined) : fc.constantFrom('fuzz', 'Lagos', 'agreed');
  }
}

/** Mostly plausible, often hostile: each field independently. */
function fieldValue(schema: Schema, name: string, fx: FixtureIds, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  const ok = plausible(schema, name, fx, depth);
  if (!hostile) return ok;
  // Nested objects get hostile values inside them too, not only in place of them.
  const inner =
    schema.type === 'object' && schema.properties && depth < 3 ? [{ arbitrary: objectOf(schema, fx, depth + 1, true), weight: 2 }] : [];
  return fc.oneof({ arbitrary: ok, weight: 3 }, { arbitrary: hostileValue, weight: 3 }, ...inner);
}

function objectOf(schema: Schema, fx: FixtureIds, depth: number, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {}).filter(([, s]) => s.format !== 'binary');
  const model = Object.fromEntries(props.map(([k, s]) => [k, fieldValue(s, k, fx, depth, hostile)]));
  const required = (schema.required ?? []).filter((k) => k in model);
  const base = fc.record(model, { requiredKeys: hostile ? [] : required });
  if (!hostile) return base;
  // Sometimes an extra field named like a prototype member, or an unknown one.
  const extra = fc.option(fc.tuple(fc.constantFrom(...PROTO_NAMES, 'isAdmin', 'role', 'status', 'id'), hostileValue), { freq: 4 });
  return fc
    .tuple(base, extra)
    .map(([o, e]) => (e ? { ...o, ...JSON.parse(`{${JSON.stringify(e[0])}:${JSON.stringify(e[1]) ?? 'null'}}`) } : o));
}

/**
 * The request body: a plausible one (reaches the services), one with a single hostile field (reaches the validation of
 * that field with the rest valid), one with many hostile fields, or a hostile value in place of the whole body.
 */
export function bodyFor(schema: Schema | undefined, fx: FixtureIds): fc.Arbitrary<unknown> {
  const whole = fc.oneof(hostileValue, fc.constantFrom(nestedJson(3000), nestedJson(33)));
  if (!schema || (schema.type !== 'object' && !schema.properties)) return fc.oneof(whole, fc.constant(undefined));
  const valid = objectOf(schema, fx, 0, false);
  const keys = Object.keys(schema.properties ?? {});
  const oneBad = keys.length ? fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([o, k, v]) => ({ ...o, [k]: v })) : valid;
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: oneBad, weight: 3 },
    { arbitrary: objectOf(schema, fx, 0, true), weight: 3 },
    { arbitrary: whole, weight: 1 },
  );
}

/** Present in about `oneIn` of the cases, absent otherwise. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary: arb, weight: 1 });

/** Node answers a URL past its 16 kB header limit with a bare 431 before the app sees it: keep URL values shorter. */
const urlString = hostileString.filter((s) => s.length <= 3000);

/** Query values are text (or repeated: a list of text); declared parameters plus an undeclared hostile one now and then. */
export function queryFor(params: RouteParam[], fx: FixtureIds): fc.Arbitrary<[string, string][]> {
  const text = (p: RouteParam) =>
    fc.oneof(
      { arbitrary: plausible(p.schema, p.name, fx).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 2 },
      { arbitrary: urlString, weight: 3 },
    );
  const declared = params.map((p) =>
    sometimes(
      fc.array(text(p), { minLength: 1, maxLength: 2 }).map((vs) => vs.map((v) => [p.name, v] as [string, string])),
      2,
    ),
  );
  const stray = sometimes(fc.tuple(fc.constantFrom(...PROTO_NAMES, 'sort', 'filter', 'range', 'page'), urlString), 4);
  const hostile = fc.tuple(fc.tuple(...declared), stray).map(([d, s]) => [...d.flatMap((x) => x ?? []), ...(s ? [s] : [])]);
  // Some all-plausible queries too, so that the search and list code behind the validation runs.
  const valid = fc.tuple(
    ...params.map((p) =>
      sometimes(
        plausible(p.schema, p.name, fx).map((v) => [p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')] as [string, string]),
        3,
      ),
    ),
  );
  return fc.oneof(
    { arbitrary: hostile, weight: 3 },
    { arbitrary: valid.map((vs) => vs.filter((v): v is [string, string] => v !== null)), weight: 1 },
  );
}

/** A path parameter: a real id, or hostile text. */
export function pathValueFor(p: RouteParam, fx: FixtureIds): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...fx.ids.map(String), ...fx.orderNumbers), weight: 2 },
    { arbitrary: urlString.filter((s) => s !== ''), weight: 3 },
  );
}

/** Authorization values that are not tokens we issued: malformed, unsigned (alg none), another scheme. */
export const JUNK_AUTH = [
  'Bearer x',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjEsImtpbmQiOiJhZG1pbiJ9.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0b1N0cmluZyJ9.c2ln',
  'Basic YWRtaW46YWRtaW4=',
  'Bearer ',
  `Bearer ${'A'.repeat(4000)}`,
];

export interface HostileCase {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
  /** For multipart routes: how many "files" to attach to its file field, and whether they are real (tiny) photos or junk. */
  files: number;
  realFiles: boolean;
  /** How the body goes out: as declared mostly, sometimes urlencoded or text/plain (parsers and pipes must cope). */
  encoding: 'json' | 'multipart' | 'form' | 'text';
  /** The Authorization header sent by the "junk" actor. */
  junkAuth: string;
}

export function caseFor(route: RouteSpec, fx: FixtureIds): fc.Arbitrary<HostileCase> {
  const path = fc.record(Object.fromEntries(route.pathParams.map((p) => [p.name, pathValueFor(p, fx)])));
  const write = route.method !== 'get';
  const bodySchema = route.body?.schema;
  const body = write ? bodyFor(bodySchema, fx) : fc.constant(undefined);
  const takesFiles = route.body?.kind === 'multipart' || !!route.multipart;
  const encoding = fc.oneof(
    { arbitrary: fc.constant(route.body?.kind === 'multipart' ? 'multipart' : 'json'), weight: 6 },
    { arbitrary: fc.constant(takesFiles ? 'multipart' : 'json'), weight: 2 },
    { arbitrary: fc.constantFrom('form', 'text', 'json'), weight: 1 },
  ) as fc.Arbitrary<HostileCase['encoding']>;
  const files = takesFiles ? fc.integer({ min: 0, max: 8 }) : fc.constant(0);
  return fc.record({
    path,
    query: queryFor(route.query, fx),
    body,
    files,
    realFiles: fc.boolean(),
    encoding,
    junkAuth: fc.constantFrom(...JUNK_AUTH),
  });
}
