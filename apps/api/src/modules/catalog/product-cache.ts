export const PRODUCT_TAG_PREFIX = 'product:';

/** The cache tag of everything derived from one listing (its page's meta tags, …): dropped whenever the listing changes. */
export const productCacheTag = (id: number): string => `${PRODUCT_TAG_PREFIX}${id}`;

/** How long a listing's derived reads may be served from cache if a write path did not drop them (the search outbox does too). */
export const PRODUCT_CACHE_MS = 60_000;
