import type { RouteObject } from 'react-router-dom';

/** A route's first path segment when it is a fixed word ('product' of '/product/:id'), lower-cased; else null. */
function literalHead(route: RouteObject): string | null {
  const head = route.path?.replace(/^\/+/, '').split('/', 1)[0];
  return head && !head.startsWith(':') && !head.includes('*') && !head.endsWith('?') ? head.toLowerCase() : null;
}

/** The first segment of `pathname` as React Router compares it: decoded, lower-cased (its routes are case-insensitive). */
function pathHead(pathname: string): string {
  const head = pathname.split('/', 2)[1] ?? '';
  try {
    return decodeURIComponent(head).toLowerCase();
  } catch {
    return head.toLowerCase();
  }
}

/**
 * The routes that can match a path, by its first segment: `matchRoutes` and `useRoutes` flatten and rank the whole
 * table on every call (~0.4 ms for the storefront's 26 routes, twice a server render: a seventh of a landing page's),
 * while a path can only match the routes whose fixed first word is its own, or that start with a parameter or a
 * splat. Matching the returned table gives React Router's own answer (the routes left out could never match), for a
 * table of one or two routes. Pathless layouts are kept with their children narrowed; a route with a path keeps its
 * children whole. One narrowed table per fixed word (plus one for every other word), made once.
 */
export function routeIndex(routes: RouteObject[]): (pathname: string) => RouteObject[] {
  const words = new Set<string>();
  const collect = (rs: RouteObject[]) =>
    rs.forEach((r) => {
      const w = literalHead(r);
      if (w) words.add(w);
      else if (r.path === undefined && r.children) collect(r.children);
    });
  collect(routes);
  const narrow = (rs: RouteObject[], word: string | null): RouteObject[] =>
    rs.flatMap((r): RouteObject[] => {
      if (r.path === undefined && r.children) return [{ ...r, children: narrow(r.children, word) }];
      const w = literalHead(r);
      return w === null || w === word ? [r] : [];
    });
  const tables = new Map<string | null, RouteObject[]>();
  return (pathname) => {
    const head = pathHead(pathname);
    const word = words.has(head) ? head : null;
    let table = tables.get(word);
    if (!table) tables.set(word, (table = narrow(routes, word)));
    return table;
  };
}
