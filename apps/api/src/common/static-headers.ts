import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A header middleware whose headers never depend on the request (helmet with static directives) run once at start:
 * the headers it sets and removes are recorded and replayed per request, instead of a dozen nested middlewares
 * rebuilding the same strings on every request (issue 10).
 */
export function staticHeaders(middleware: RequestHandler): RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  } as unknown as Response;
  let called = false;
  middleware({ method: 'GET', url: '/', headers: {} } as Request, res, () => (called = true));
  if (!called) throw new Error('staticHeaders: the middleware did not finish synchronously');
  return (_req: Request, out: Response, next: NextFunction) => {
    for (const name of removed) out.removeHeader(name);
    for (const [name, value] of set) out.setHeader(name, value);
    next();
  };
}
