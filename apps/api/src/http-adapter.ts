import multipart from '@fastify/multipart';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { json, raw as rawBody, urlencoded } from 'body-parser';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import send from 'send';
import { errorAnswer } from './common/http-exception.filter';
import { requestId } from './common/request-log';
import { securityHeadersOnRequest, securityHeadersOnSend } from './common/static-headers';
import { SHARED_JSON, sharedJson, type SharedJson } from './common/shared-json';
import type { AppConfig } from './config/app.config';

/** Paystack signs the raw bytes: under this path the body stays a Buffer, whatever its type (up to 1 MB). */
export const RAW_BODY_PATH = '/api/payments/webhook';

type RawRequest = IncomingMessage & { body?: unknown };

/**
 * Fastify under Nest, answering like the Express app it replaced: the same routing leniency (any letter case, an
 * optional trailing slash), Node's own query-string parser (`?a=1&a=2` is a list, `a[b]` stays a plain key), bodies
 * read by body-parser with Express's limits and errors (JSON: objects and arrays only, 100 kB; forms: qs, 100 kB;
 * anything else is not read and leaves the body undefined), trust of one proxy hop, and a URL Fastify cannot decode
 * answered in the house `{ message, code }` shape.
 */
export function createHttpAdapter(cfg: Pick<AppConfig, 'app'>): KasuwaFastifyAdapter {
  const adapter = new KasuwaFastifyAdapter({
    // No Connect-style middleware is used (app.setup.ts adds Fastify hooks): without @fastify/middie, no request walks its empty chain.
    skipMiddie: true,
    // One hop: the address our reverse proxy saw. `true` would take the left-most X-Forwarded-For entry, which the client writes.
    trustProxy: cfg.app.trustProxy ? 1 : false,
    genReqId: requestId, // X-Request-Id
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      // Long path parameters reach the route (its pipes refuse them) instead of a 414 from the router.
      maxParamLength: 16 * 1024,
      querystringParser: (s: string) => parseQuery(s),
    },
    // A URL the router cannot decode is answered before any hook runs: the headers every answer has, then a house 400.
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      securityHeadersOnRequest(request.url, reply.raw);
      securityHeadersOnSend(request.url, reply.raw, 'application/json'); // no onSend hook runs for this answer either
      reply.raw.setHeader('X-Request-Id', request.id);
      const { status, body } = errorAnswer(Object.assign(err, { status: 400, expose: true }));
      void reply.code(status).send(body);
    },
  });
  registerBodyParsers(adapter.getInstance());
  // Multipart bodies are left unread here: the upload routes read them (modules/storage/photo-uploads.ts).
  void adapter.getInstance().register(multipart);
  return adapter;
}

/** The only body parsing there is: body-parser on the raw request, as Express did (its errors carry `status` and `expose`). */
function registerBodyParsers(fastify: FastifyInstance): void {
  const parseJson = json();
  const parseForm = urlencoded({ extended: true });
  const parseRaw = rawBody({ type: () => true, limit: '1mb' });
  const noResponse = {} as ServerResponse;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) => {
    const req = request.raw as RawRequest;
    const finish = (err?: unknown) => (err ? done(err as Error) : done(null, req.body));
    const path = request.url.split('?', 1)[0].toLowerCase();
    if (path === RAW_BODY_PATH || path.startsWith(`${RAW_BODY_PATH}/`)) return parseRaw(req, noResponse, finish);
    // Neither touches a body that is not theirs (a multipart body has its own parser, which leaves it for the upload routes).
    parseJson(req, noResponse, (err?: unknown) => (err ? finish(err) : parseForm(req, noResponse, finish)));
  });
}

type ErrorHandler = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
type NotFoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * FastifyAdapter with: Nest's error and not-found handlers behind handlers installed before any route (Fastify gives a
 * route the handlers of the moment it is added, and Nest sets its own only at init, after the routes of app.setup.ts
 * and Swagger: those would answer in Fastify's shape); static folders served by `send` (what Swagger UI asks for, as
 * /uploads is; the built apps go through @fastify/static in web.ts); body parsing left to registerBodyParsers.
 */
export class KasuwaFastifyAdapter extends FastifyAdapter<Server, IncomingMessage, ServerResponse> {
  private nestErrorHandler?: ErrorHandler;
  private nestNotFoundHandler?: NotFoundHandler;

  constructor(options: FastifyServerOptions & { skipMiddie?: boolean }) {
    super(options);
    const fastify = this.getInstance();
    fastify.setErrorHandler((err: FastifyError, request, reply) =>
      this.nestErrorHandler ? this.nestErrorHandler(err, request, reply) : reply.send(err),
    );
    fastify.setNotFoundHandler((request, reply) =>
      this.nestNotFoundHandler
        ? this.nestNotFoundHandler(request, reply)
        : reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' }),
    );
  }

  override setErrorHandler(handler: ErrorHandler) {
    this.nestErrorHandler = handler;
    return this.getInstance();
  }

  override setNotFoundHandler(handler: NotFoundHandler) {
    this.nestNotFoundHandler = handler;
    return this.getInstance();
  }

  /**
   * A value the in-process cache shares between requests (common/shared-json.ts) goes out as its JSON and ETag made
   * once, instead of being serialised (and its body hashed by replyEncoding) again for every request.
   */
  override reply(response: ServerResponse | FastifyReply, body: unknown, statusCode?: number) {
    const known = sharedJson(body);
    if (known && 'sent' in response) {
      const reply = response;
      const type = reply.getHeader('content-type');
      if (type === undefined || (typeof type === 'string' && type.startsWith('application/json'))) {
        if (type === undefined) reply.header('content-type', 'application/json; charset=utf-8');
        if (reply.getHeader('etag') === undefined) reply.header('etag', known.etag);
        (reply as unknown as Record<symbol, SharedJson>)[SHARED_JSON] = known;
        return super.reply(response, known.json, statusCode);
      }
    }
    return super.reply(response, body, statusCode);
  }

  /** The body parsers are registerBodyParsers' (Nest would add Fastify's JSON and form parsers at init). */
  override registerParserMiddleware(): void {}

  override useStaticAssets(options: { root: string; prefix?: string }): this {
    const prefix = (options.prefix ?? '/').replace(/\/$/, '');
    this.getInstance().get(`${prefix}/*`, (request, reply) =>
      serveFile(request, reply, options.root, `/${(request.params as Record<string, string>)['*']}`, {}),
    );
    return this;
  }
}

/**
 * Streams `path` under `root` with `send` (ETag, Last-Modified, ranges, 304s): the reply is handed to the raw response
 * once the file is found; a missing file calls `missing` (default: the app's 404), any other failure answers its error.
 */
export function serveFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  path: string,
  options: send.SendOptions & { headers?: (res: ServerResponse, path: string) => void },
  missing: () => void = () => void reply.callNotFound(),
): void {
  const stream = send(request.raw, path, { index: false, ...options, root });
  stream.on('headers', (res: ServerResponse, file: string) => {
    reply.hijack();
    options.headers?.(res, file);
  });
  stream.on('directory', () => missing());
  stream.on('error', (err: { statusCode?: number }) => (err.statusCode === 404 ? missing() : void reply.send(err)));
  stream.pipe(reply.raw);
}

/** For code that answers on the raw response (passport, pre-built pages): the error body the exception filter would send. */
export function sendErrorRaw(res: ServerResponse, err: unknown): void {
  const { status, body } = errorAnswer(err);
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
