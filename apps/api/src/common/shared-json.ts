import { weakEtag } from './etag';

/**
 * Answers many requests get as the very same object: what the in-process cache holds (a popular search's first page,
 * the category tree). Such an object is never changed once cached (every reader shares it), so its JSON and ETag are
 * made once, on its first answer, and every later answer sends those bytes instead of serialising and hashing the same
 * object again (for a cached search page, ~25 µs of JSON.stringify and ~10 µs of SHA-1 per request).
 */
const shared = new WeakSet<object>();
const made = new WeakMap<object, SharedJson>();

export interface SharedJson {
  readonly json: string;
  readonly etag: string;
  /** The JSON compressed, per method, once the first client that accepts it asked (compression.ts: replyEncoding). */
  readonly compressed: Map<string, Promise<Buffer>>;
}

/** Set on a reply whose body is a shared value's JSON: replyEncoding compresses that JSON once for all its answers. */
export const SHARED_JSON = Symbol('kasuwa.sharedJson');

/** Marks a value that will be handed, unchanged, to many requests (CacheService does, for what it keeps). */
export function markShared(value: unknown): void {
  if (value !== null && typeof value === 'object') shared.add(value);
}

/** A marked value's JSON and weak ETag (made on first use), or undefined for any other value. */
export function sharedJson(value: unknown): SharedJson | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let known = made.get(value);
  if (known === undefined && shared.has(value)) {
    const json = JSON.stringify(value);
    known = { json, etag: weakEtag(json), compressed: new Map() };
    made.set(value, known);
  }
  return known;
}

/** Texts sent as they are to many requests (an app's shell page in each colour scheme): a few, kept by content. */
const SHARED_TEXTS_MAX = 16;
const texts = new Map<string, SharedJson>();

/**
 * The same for a text sent as is (an app shell: the back office's pages, the storefront's pages the server does not
 * render, and every page shed under load): its ETag made and its compressed copies kept once per shell, not per answer.
 */
export function sharedText(text: string): SharedJson {
  let known = texts.get(text);
  if (known === undefined) {
    if (texts.size >= SHARED_TEXTS_MAX) texts.clear(); // a rebuilt app's shells replace the old ones
    known = { json: text, etag: weakEtag(text), compressed: new Map() };
    texts.set(text, known);
  }
  return known;
}
