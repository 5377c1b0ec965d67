import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Compresses dynamic answers (JSON, the HTML shell, the CSV export) of 1 kB and more: brotli when the client
 * accepts it, else gzip; `Vary: Accept-Encoding` is set either way. Built assets come pre-compressed from
 * web.ts, and this middleware leaves any answer that already has a Content-Encoding alone. Event streams are
 * never buffered in a compressor: each message must reach the browser when it is written.
 */
export function dynamicCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
}
