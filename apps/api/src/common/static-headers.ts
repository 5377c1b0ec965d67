import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Connect-style header middleware (helmet). */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * A header middleware whose headers never depend on the request (helmet with static directives) run once at start:
 * the headers it sets and removes are recorded, and the function returned replays them on a response, instead of a
 * dozen nested middlewares rebuilding the same strings on every request (issue 10).
 */
export function staticHeaders(middleware: HeaderMiddleware): (res: ServerResponse) => void {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  } as unknown as ServerResponse;
  let called = false;
  middleware({ method: 'GET', url: '/', headers: {} } as IncomingMessage, res, () => (called = true));
  if (!called) throw new Error('staticHeaders: the middleware did not finish synchronously');
  return (out: ServerResponse) => {
    for (const name of removed) out.removeHeader(name);
    for (const [name, value] of set) out.setHeader(name, value);
  };
}

/** The app's helmet headers (static directives), recorded once: every answer gets them, those written on the raw response too. */
export const securityHeaders = staticHeaders(
  helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'form-action': ["'self'", 'https:', 'http:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  }),
);
