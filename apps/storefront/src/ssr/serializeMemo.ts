/*
 * @emotion/serialize for the server build only (vite.ssr.config.mts resolves emotion's own imports of it here).
 *
 * Every styled element of every page rendered calls serializeStyles: MUI's style functions run against the element's
 * props (theme, ownerState, sx), their objects are turned into CSS text and hashed into the class name. On the server
 * the same component with the same props gives the same answer on every page (the header, the footer, every button),
 * so the answer is kept, keyed by the component's style functions and by what of its props a style may depend on:
 * - the theme by what is in it: MUI's ThemeProvider hands out a shallow copy of the app's theme (one per colour mode,
 *   made once: theme.ts) on every render, so the theme is known by the identity of its parts;
 * - every other value by content: strings, numbers, booleans, plain objects and arrays (ownerState, sx, style);
 * - a function in an `sx` (a style computed from the theme) by its identity, once it has been seen in an earlier call:
 *   a function written at module level is the same object on every page, and its answer depends on the theme alone
 *   (keyed already); a closure written inline is a new object each render, never seen twice, so it is not kept (its
 *   answers would only push the useful ones out);
 * - elsewhere, functions (event handlers, a `component`) and elements (an icon) only by presence, `children` only by
 *   whether there are any (MUI's Divider styles differ), and the attributes of a page's own content (a link's target,
 *   an aria-label, a title: ATTRIBUTES; a router link's `state` object) not at all: a style function reads the owner's
 *   state, not what an event handler does, what is inside or where a link goes; so the same button on every product
 *   page is one answer.
 * Anything the key cannot describe (another kind of object, a deep or large value) is serialized afresh, as is every
 * call made without props (emotion's css``, <Global>). The kept answers are bounded (MAX_ENTRIES, then they start over).
 */
import { serializeStyles as serializeAfresh } from '@emotion/serialize';

type SerializeArgs = Parameters<typeof serializeAfresh>;
type Serialized = ReturnType<typeof serializeAfresh>;

export const MAX_ENTRIES = 5000;
/** Values walked at most for one key: past it, the props are serialized afresh. */
const BUDGET = 400;
const MAX_DEPTH = 6;

const kept = new Map<string, Serialized>();
const ids = new WeakMap<object, number>();
/** Functions met in an sx: the second meeting makes one a known, stable style. */
const seenSx = new WeakSet<object>();
let lastId = 0;
const idOf = (o: object): number => {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++lastId));
  return id;
};

/** Attributes no style reads (MUI's read none: grep ownerState in @mui/material), left out of the key. */
const ATTRIBUTES = /^(?:href|to|alt|title|id|src|srcSet|sizes|rel|target|tabIndex|download|aria-.*|data-.*)$/;

let budget = 0;
const isPlain = (o: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(o);
  return proto === Object.prototype || proto === null || proto === Array.prototype;
};
/** A React element: an icon, a label (a plain object, told apart by its `$$typeof`). */
const isElement = (o: object): boolean => '$$typeof' in o;

/** The key of one value, or null when it cannot be described. */
function keyOf(value: unknown, depth: number, inSx: boolean): string | null {
  if (--budget < 0) return null;
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'u';
    case 'function':
      if (!inSx) return 'x';
      if (seenSx.has(value)) return `f${idOf(value)}`;
      seenSx.add(value);
      return null;
    case 'object': {
      if (value === null) return 'N';
      if (isElement(value)) return inSx ? null : 'e';
      if (depth >= MAX_DEPTH || !isPlain(value)) return null;
      let out = Array.isArray(value) ? '[' : '{';
      for (const k in value) {
        const v = inSx
          ? keyOf((value as Record<string, unknown>)[k], depth + 1, true)
          : propKey(k, (value as Record<string, unknown>)[k], depth + 1);
        if (v === null) return null;
        if (v !== '') out += `${k.length}:${k}=${v},`;
      }
      return `${out}}`;
    }
    default:
      return null;
  }
}

/**
 * The theme's key: the identities (or values) of its own properties, worked out once per theme object and then
 * stood for by a short number (copies with the same parts get the same one). Every call's key holds it, and a key is
 * built, hashed and compared on every styled element of every page: the full form (~300 characters) was a third of it.
 */
const themeKeys = new WeakMap<object, string>();
const themeNumbers = new Map<string, string>();
/** Never reused: a theme object keeps its number even after the table starts over (bounded like the answers). */
let lastTheme = 0;
function themeKey(theme: object): string {
  let key = themeKeys.get(theme);
  if (key === undefined) {
    let parts = '';
    for (const [k, v] of Object.entries(theme) as [string, unknown][])
      parts += `${k}=${(typeof v === 'object' && v !== null) || typeof v === 'function' ? `o${idOf(v)}` : `${typeof v}${String(v)}`},`;
    key = themeNumbers.get(parts);
    if (key === undefined) {
      if (themeNumbers.size >= 100) themeNumbers.clear();
      themeNumbers.set(parts, (key = `t${++lastTheme}`));
    }
    themeKeys.set(theme, key);
  }
  return key;
}

/** The key of a prop (or an ownerState field) outside sx: '' when it is left out, null when it cannot be described. */
function propKey(k: string, v: unknown, depth: number): string | null {
  if (k === 'children') return v ? 'c' : '';
  if (ATTRIBUTES.test(k) || (k === 'state' && typeof v === 'object')) return ''; // a Collapse's state is a string
  return keyOf(v, depth, k === 'sx');
}

/** The key of a styled element's call, or null. */
function callKey(args: SerializeArgs[0], props: Record<string, unknown>): string | null {
  budget = BUDGET;
  let out = '';
  for (const a of args as unknown[]) {
    if (typeof a === 'string') out += `s${a.length}:${a},`;
    else if ((typeof a === 'function' || typeof a === 'object') && a !== null) out += `o${idOf(a)},`;
    else out += `${String(a)},`; // null, undefined, a boolean or a number (a style left out)
  }
  out += '|';
  for (const k in props) {
    const v = props[k];
    const part = k === 'theme' ? (typeof v === 'object' && v !== null ? themeKey(v) : null) : propKey(k, v, 1);
    if (part === null) return null;
    if (part !== '') out += `${k.length}:${k}=${part},`;
  }
  return out;
}

export function serializeStyles(args: SerializeArgs[0], registered?: SerializeArgs[1], props?: SerializeArgs[2]): Serialized {
  // Only a styled element's call carries its props with the theme in them.
  if (!props || typeof props !== 'object' || !('theme' in props)) return serializeAfresh(args, registered, props);
  const key = callKey(args, props as Record<string, unknown>);
  if (key === null) return serializeAfresh(args, registered, props);
  let serialized = kept.get(key);
  if (serialized === undefined) {
    serialized = serializeAfresh(args, registered, props);
    if (kept.size >= MAX_ENTRIES) kept.clear();
    kept.set(key, serialized);
  }
  return serialized;
}

/** How many answers are kept (for the tests). */
export function keptStyles(): number {
  return kept.size;
}
