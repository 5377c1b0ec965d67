import { ATTRIBUTE_TYPES, type AttributeDefinition, type AttributeType, type ProductAttributes } from '@kasuwa/contracts';
import { FieldValidationError, invalidField } from '../../common/errors';
import { assertCleanInput } from '../../common/input-guard';

/**
 * Category attributes (make, year, mileage…): the definitions an admin writes, the values a listing gives, and the
 * `attr.*` search filters, all checked here against the same definitions. Every problem is a 422 naming the field by
 * its label ("Make must be one of …"): hostile input is refused with a message, never a 500 (house rule).
 */

export const MAX_ATTRIBUTES = 30;
export const MAX_CHOICES = 300;
/** Numbers are whole or decimal, from 0 to this: more than any mileage or price-like value, well inside float8/numeric. */
export const MAX_NUMBER = 1e12;
export const MIN_YEAR = 1900;
const KEY = /^[a-z][a-z0-9_]{0,29}$/;
const MAX_TEXT = 100;
/** Far longer than any real attributes JSON is refused unread (a multipart field). */
const MAX_ATTRIBUTES_JSON = 8000;

const maxYear = () => new Date().getUTCFullYear() + 1;

/** Admin input (`Category.attributes`) read into clean definitions, or a 422 naming the problem. */
export function readDefinitions(input: unknown): AttributeDefinition[] {
  const fail = (message: string) => invalidField('attributes', message);
  if (!Array.isArray(input)) throw fail('Attributes must be a list');
  if (input.length > MAX_ATTRIBUTES) throw fail(`A category can have at most ${MAX_ATTRIBUTES} attributes`);
  const seen = new Set<string>();
  return input.map((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw fail(`Attribute ${i + 1} must be an object`);
    const d = raw as Record<string, unknown>;
    const key = typeof d.key === 'string' ? d.key.trim() : '';
    if (!KEY.test(key)) throw fail(`Attribute ${i + 1}: key must be lowercase letters, digits or _ (at most 30), starting with a letter`);
    if (seen.has(key)) throw fail(`Attribute key "${key}" is used twice`);
    seen.add(key);
    const label = typeof d.label === 'string' ? d.label.trim() : '';
    if (!label || label.length > 40) throw fail(`Attribute "${key}": label is required (at most 40 characters)`);
    if (!ATTRIBUTE_TYPES.includes(d.type as AttributeType))
      throw fail(`Attribute "${label}": type must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
    const type = d.type as AttributeType;
    if (d.required !== undefined && d.required !== null && typeof d.required !== 'boolean')
      throw fail(`Attribute "${label}": required must be true or false`);
    const def: AttributeDefinition = { key, label, type, required: d.required === true };
    if (type === 'number') {
      const unit = typeof d.unit === 'string' ? d.unit.trim() : '';
      if (unit.length > 12) throw fail(`Attribute "${label}": unit is at most 12 characters`);
      def.unit = unit || null;
    }
    if (type === 'choice') {
      if (!Array.isArray(d.values) || !d.values.length) throw fail(`Attribute "${label}": a choice needs its allowed values`);
      if (d.values.length > MAX_CHOICES) throw fail(`Attribute "${label}": at most ${MAX_CHOICES} values`);
      const values = d.values.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));
      if (values.some((v) => !v || v.length > 60)) throw fail(`Attribute "${label}": each value is text of 1 to 60 characters`);
      const lower = values.map((v) => v.toLowerCase());
      if (new Set(lower).size !== lower.length) throw fail(`Attribute "${label}": a value is listed twice`);
      def.values = values;
    }
    return def;
  });
}

/** A multipart field's JSON text (or a JSON body's object) as the attributes object; undefined when not sent. */
export function parseAttributesField(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  if (value.length > MAX_ATTRIBUTES_JSON) throw invalidField('attributes', 'Attributes are too long');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidField('attributes', 'Attributes must be a JSON object: {"make":"Toyota","year":2012}');
  }
  // The text's contents pass the guard every request body passes (nesting, NUL, reserved keys).
  assertCleanInput(parsed, 'attributes');
  return parsed;
}

/** A number as typed ("100,000", "2012", 2012), or NaN. */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  const t = v.trim().replace(/,/g, '');
  return /^\d{1,13}(\.\d{1,3})?$/.test(t) ? Number(t) : NaN;
}

/** One value checked against its definition: the stored form, or the message saying what is wrong. */
function readValue(def: AttributeDefinition, v: unknown): string | number | { error: string } {
  switch (def.type) {
    case 'choice': {
      const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim().toLowerCase() : null;
      const found = s === null ? undefined : def.values?.find((c) => c.toLowerCase() === s);
      return (
        found ?? {
          error: `${def.label} must be one of: ${(def.values ?? []).slice(0, 12).join(', ')}${(def.values?.length ?? 0) > 12 ? ', …' : ''}`,
        }
      );
    }
    case 'number': {
      const n = toNumber(v);
      return Number.isFinite(n) && n >= 0 && n <= MAX_NUMBER
        ? n
        : { error: `${def.label} must be a number from 0 to ${MAX_NUMBER.toLocaleString('en-NG')}` };
    }
    case 'year': {
      const n = toNumber(v);
      return Number.isInteger(n) && n >= MIN_YEAR && n <= maxYear()
        ? n
        : { error: `${def.label} must be a year from ${MIN_YEAR} to ${maxYear()}` };
    }
    case 'text': {
      const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null;
      return s !== null && s.length <= MAX_TEXT ? s : { error: `${def.label} must be text of at most ${MAX_TEXT} characters` };
    }
  }
}

/**
 * A listing's attributes checked against its category's definitions: unknown keys, wrong types, values not allowed
 * and (with `requireAll`) required ones missing are each a 422 naming the field's label. Empty values are dropped.
 */
export function readAttributes(defs: AttributeDefinition[], input: unknown, requireAll = true): ProductAttributes {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw invalidField('attributes', 'Attributes must be an object of name and value');
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: ProductAttributes = {};
  const errors: { field: string; message: string }[] = [];
  for (const [key, v] of Object.entries(input as Record<string, unknown>)) {
    const def = byKey.get(key);
    if (!def) {
      errors.push({
        field: `attributes.${key.slice(0, 40)}`,
        message: defs.length
          ? `"${key.slice(0, 40)}" is not an attribute of this category (it has: ${defs.map((d) => d.label).join(', ')})`
          : 'This category has no attributes',
      });
      continue;
    }
    if (v === undefined || v === null || v === '') continue;
    const read = readValue(def, v);
    if (typeof read === 'object') errors.push({ field: `attributes.${key}`, message: read.error });
    else if (read !== '') out[key] = read;
  }
  if (requireAll) {
    for (const d of defs)
      if (d.required && out[d.key] === undefined && !errors.some((e) => e.field === `attributes.${d.key}`))
        errors.push({ field: `attributes.${d.key}`, message: `${d.label} is required` });
  }
  if (errors.length) throw new FieldValidationError(errors);
  return out;
}

/** A listing's stored attributes that still fit `defs` (a category change keeps those, drops the rest). */
export function keepFitting(defs: AttributeDefinition[], current: ProductAttributes | null | undefined): ProductAttributes {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: ProductAttributes = {};
  for (const [key, v] of Object.entries(current ?? {})) {
    const def = byKey.get(key);
    const read = def ? readValue(def, v) : null;
    if (read !== null && typeof read !== 'object') out[key] = read;
  }
  return out;
}

/** One `attr.*` filter of a search: a choice/text equal to one of `values`, or a number/year range. */
export interface AttributeFilter {
  def: AttributeDefinition;
  values?: string[];
  min?: number;
  max?: number;
}

/** At most this many values of one attribute in a filter (`attr.make=Toyota&attr.make=Honda`). */
const MAX_FILTER_VALUES = 20;

/** The `attr.*` query parameters (raw, as the query string gave them), in key order (equal filters, equal cache keys). */
export function attrParams(query: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(query ?? {})
    .filter((k) => k.startsWith('attr.'))
    .sort();
  if (keys.length > MAX_ATTRIBUTES * 2) throw invalidField('attr', 'Too many attribute filters');
  for (const k of keys) out[k.slice(5)] = query[k];
  return Object.keys(out).length ? out : undefined;
}

/**
 * `attr.*` parameters read against the chosen category's definitions: `make=Toyota`, `year.min=2010`,
 * `mileage.max=100000`. An unknown attribute, a range on a choice, or a value that is not a number is a 422 naming it.
 */
export function readFilters(defs: AttributeDefinition[] | null, params: Record<string, unknown> | undefined): AttributeFilter[] {
  if (!params) return [];
  if (!defs) throw invalidField('attr', 'Attribute filters need a category (category=cars)');
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const filters = new Map<string, AttributeFilter>();
  for (const [name, raw] of Object.entries(params)) {
    const field = `attr.${name.slice(0, 40)}`;
    const m = /^([a-z][a-z0-9_]{0,29})(?:\.(min|max))?$/.exec(name);
    const def = m ? byKey.get(m[1]) : undefined;
    if (!m || !def)
      throw invalidField(
        field,
        `"${name.slice(0, 40)}" is not an attribute of this category${defs.length ? ` (it has: ${defs.map((d) => d.key).join(', ')})` : ''}`,
      );
    const list = (Array.isArray(raw) ? raw : [raw]).map((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null));
    if (list.some((v) => v === null) || list.length > MAX_FILTER_VALUES)
      throw invalidField(field, `${def.label}: give at most ${MAX_FILTER_VALUES} values as text`);
    const values = (list as string[]).map((v) => v.trim()).filter(Boolean);
    if (!values.length) continue;
    const f = filters.get(def.key) ?? { def };
    filters.set(def.key, f);
    const bound = m[2] as 'min' | 'max' | undefined;
    const ranged = def.type === 'number' || def.type === 'year';
    if (bound) {
      if (!ranged) throw invalidField(field, `${def.label} is not a number: filter it with attr.${def.key}=…`);
      if (values.length > 1) throw invalidField(field, `${def.label}: give one ${bound}imum`);
      const n = toNumber(values[0]);
      if (!Number.isFinite(n) || n > MAX_NUMBER)
        throw invalidField(field, `${def.label} ${bound}imum must be a number from 0 to ${MAX_NUMBER.toLocaleString('en-NG')}`);
      f[bound] = n;
      continue;
    }
    if (ranged) {
      // One value of a number: that value exactly (a range of one).
      if (values.length > 1) throw invalidField(field, `${def.label}: use attr.${def.key}.min and .max for a range`);
      const n = toNumber(values[0]);
      if (!Number.isFinite(n) || n > MAX_NUMBER) throw invalidField(field, `${def.label} must be a number`);
      f.min = f.max = n;
      continue;
    }
    const read = values.map((v) => readValue(def, v));
    const bad = read.find((r) => typeof r === 'object');
    if (bad) throw invalidField(field, (bad as { error: string }).error);
    f.values = [...new Set(read as string[])];
  }
  return [...filters.values()];
}

/**
 * The filters as SQL over `product p`, with `add(sql, value)` binding one parameter each: the equalities as one
 * containment (`attributes @> {...}`: the GIN index, jsonb_path_ops); several values of one attribute as an OR of
 * containments (each indexed); ranges as a numeric read that is null unless the stored value is a JSON number, so a
 * stray text value cannot make the cast fail (no 500 from bad data).
 */
export function filterSql(filters: AttributeFilter[], add: (sql: string, value: unknown) => void): void {
  const single: Record<string, string> = {};
  for (const f of filters) {
    if (f.values?.length === 1) single[f.def.key] = f.values[0];
    else if (f.values?.length) {
      const parts = f.values.map((v) => JSON.stringify({ [f.def.key]: v }));
      add(`(${parts.map((_, i) => `p.attributes @> (?::jsonb->${i})`).join(' OR ')})`, JSON.stringify(parts.map((x) => JSON.parse(x))));
    }
  }
  if (Object.keys(single).length) add('p.attributes @> ?::jsonb', JSON.stringify(single));
  for (const f of filters) {
    const num = `(CASE WHEN jsonb_typeof(p.attributes->'${f.def.key}') = 'number' THEN (p.attributes->>'${f.def.key}')::numeric END)`;
    if (f.min !== undefined) add(`${num} >= ?::numeric`, f.min);
    if (f.max !== undefined) add(`${num} <= ?::numeric`, f.max);
  }
}

/** The attribute types facets are counted for (a number like mileage has too many values to list). */
export const FACET_TYPES: readonly AttributeType[] = ['choice', 'year'];
