import { hash } from 'node:crypto';

/**
 * Express's weak ETag of a body (the `etag` package's): its length and a SHA-1. In common/ because both the shared
 * answers (shared-json.ts) and the reply hook (compression.ts) use it, and common sits below compression.ts.
 */
export function weakEtag(body: string | Buffer): string {
  const length = Buffer.byteLength(body);
  if (length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${length.toString(16)}-${hash('sha1', body, 'base64').substring(0, 27)}"`; // one call, no Hash object
}
