/** The routes an app serves, read from its own OpenAPI document (and its router, for the few the document leaves out). */

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
}

export interface RouteParam {
  name: string;
  schema: Schema;
}

export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express style: /api/products/:id */
  path: string;
  pathParams: RouteParam[];
  query: RouteParam[];
  /** Declared request body; undefined when the document declares none. */
  body?: { kind: 'json' | 'multipart'; schema: Schema };
  /** Also declared as multipart (a route that takes both, like PUT /api/profile/update). */
  multipart?: Schema;
  /** True when the route is served but missing from the document (covered with generic hostile input only). */
  undocumented?: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Inlines $ref and allOf so generators see plain schemas. Recursion is cut at a few levels (DTOs are shallow). */
export function resolveSchema(doc: OpenApiDoc, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 6) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveSchema(doc, doc.components?.schemas?.[name], depth + 1);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolveSchema(doc, s, depth + 1));
    return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) };
  }
  const out: Schema = { ...schema };
  if (schema.items) out.items = resolveSchema(doc, schema.items, depth + 1);
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveSchema(doc, v, depth + 1)]));
  }
  return out;
}

const toExpressPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');
const pathParamsOf = (p: string): RouteParam[] =>
  [...p.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({ name: m[1], schema: { type: 'string' } }));

/** Every operation in the document, plus every route the Express router serves under /api that the document lacks. */
export function routesOf(doc: OpenApiDoc, served: { method: string; path: string }[]): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [rawPath, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const path = toExpressPath(rawPath);
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const form = content['multipart/form-data']?.schema;
      const declared = params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolveSchema(doc, p.schema) }));
      routes.push({
        method: method as RouteSpec['method'],
        path,
        // The path's own placeholders win: a parameter the document forgot is still filled in.
        pathParams: pathParamsOf(path).map((p) => declared.find((d) => d.name === p.name) ?? p),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolveSchema(doc, p.schema) })),
        body: json
          ? { kind: 'json', schema: resolveSchema(doc, json) }
          : form
            ? { kind: 'multipart', schema: resolveSchema(doc, form) }
            : undefined,
        multipart: json && form ? resolveSchema(doc, form) : undefined,
      });
    }
  }
  const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
  for (const s of served) {
    const method = s.method.toLowerCase();
    if (!METHODS.has(method) || known.has(`${method} ${s.path}`)) continue;
    known.add(`${method} ${s.path}`);
    routes.push({ method: method as RouteSpec['method'], path: s.path, pathParams: pathParamsOf(s.path), query: [], undocumented: true });
  }
  return routes;
}

const routesOfInstance = new WeakMap<object, { method: string; path: string }[]>();

/** Starts listing the routes a Fastify instance is given (Nest registers each controller method there): call it before the app boots. */
export function recordRoutes(fastify: {
  addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
}): void {
  const routes: { method: string; path: string }[] = [];
  routesOfInstance.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    // Catch-alls (the web apps, /uploads, Swagger UI's files) are not API operations; HEAD is GET's twin.
    if (route.url.endsWith('*')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method: method.toLowerCase(), path: route.url });
  });
}

/** The routes the app serves, as recordRoutes saw them. */
export function servedRoutes(fastify: unknown): { method: string; path: string }[] {
  const routes = routesOfInstance.get(fastify as object);
  if (!routes) throw new Error('servedRoutes: call recordRoutes(instance) before the app boots');
  return routes;
}
