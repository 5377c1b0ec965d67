import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { httpClient } from '../api/client';

export interface Received {
  method: string;
  path: string;
  body: unknown;
  auth: string | undefined;
}
type Handler = (req: Received) => [number, unknown];

/**
 * A local stand-in for the few API routes a component test needs, on a real port: the storefront's own HTTP
 * client (axios in jsdom) talks to it over HTTP, so the request the component builds is the one checked.
 * Routes are 'METHOD /api/path' → handler; every request is recorded.
 */
export async function startStandInApi(routes: Record<string, Handler>) {
  const received: Received[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<unknown>((done) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        try {
          done(text ? JSON.parse(text) : undefined);
        } catch {
          done(text); // multipart: the raw text, where the field names and values can be looked for
        }
      });
    });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    // jsdom enforces CORS: the page's origin is not this server's.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') return res.end();
    const path = (req.url ?? '').split('?')[0] ?? '';
    const entry: Received = { method: req.method ?? 'GET', path, body: await read(req), auth: req.headers.authorization };
    received.push(entry);
    const handler = routes[`${entry.method} ${path}`];
    const [status, body] = handler ? handler(entry) : [404, { message: 'Not found', code: 'NOT_FOUND' }];
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // A request that fails to read answers 500 with the error, so the test sees it rather than an unhandled rejection.
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(e), code: 'STAND_IN_ERROR' }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  (await httpClient()).defaults.baseURL = `http://127.0.0.1:${port}/api`;
  return {
    received,
    /** The POSTs received so far: the writes a test checks (the component's reads around them do not matter). */
    posts: () => received.filter((r) => r.method === 'POST'),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export type StandInApi = Awaited<ReturnType<typeof startStandInApi>>;

/**
 * The stand-in API for a whole test file: started before its first test, closed after its last. The handle is filled
 * in once the server is up, so the routes' handlers and the tests use it as they would startStandInApi's.
 */
export function standInApiForFile(routes: Record<string, Handler>): StandInApi {
  const api = {} as StandInApi;
  beforeAll(async () => {
    Object.assign(api, await startStandInApi(routes));
  });
  afterAll(() => api.close());
  return api;
}
