import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes, routesFor } from './routes';
import { routeIndex } from './routeIndex';

/** What a match says, with the route told by its path, index flag and element (a narrowed layout is a copy). */
const described = (table: RouteObject[], pathname: string) =>
  matchRoutes(table, pathname)?.map((m) => ({
    path: m.route.path,
    index: m.route.index,
    element: m.route.element,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  })) ?? null;

// Every route's own shape, with its parameters filled, in other cases and spellings, and what no route takes.
const PATHS = [
  '/',
  '//',
  '',
  '/product/12',
  '/Product/12',
  '/PRODUCT/12/',
  '/product/',
  '/product',
  '/product/12/extra',
  '//product/12',
  '/%70roduct/12',
  '/product%2F12',
  '/product/%E0',
  '/%E0/product',
  '/products/5/edit',
  '/products/5',
  '/orders/9/buyer',
  '/orders/9',
  '/inbox',
  '/inbox/',
  '/inbox/44',
  '/inbox/44/x',
  '/seller/3',
  '/sell',
  '/sell/x',
  '/selling',
  '/create-product',
  '/auth',
  '/auth-success',
  '/sign-up',
  '/term-and-condition',
  '/privacy-policy',
  '/refund-policy',
  '/contact-us',
  '/saved',
  '/profile',
  '/notifications',
  '/unsubscribe',
  '/payments/verify',
  '/lagos/mobile-phones',
  '/lagos/ikeja/mobile-phones',
  '/abuja-fct/cars?x=1',
  '/nowhere',
  '/a/b/c/d/e',
  '/ünïcode/页',
  '/%F0%9F%93%B1/phones',
];

describe('routeIndex', () => {
  it("gives React Router's own matches for every kind of path, from a table of the routes that can match", () => {
    for (const path of PATHS) expect(described(routesFor(path), path), path).toEqual(described(routes, path));
  });

  it('keeps only the routes a path can match, and makes each table once', () => {
    const leaves = (table: RouteObject[]) => table[0]?.children?.map((r) => (r.index ? 'index' : r.path));
    expect(leaves(routesFor('/lagos/cars'))).toEqual(['index', '*']);
    expect(leaves(routesFor('/Inbox/3'))).toEqual(['index', '/inbox', '/inbox/:id', '*']);
    expect(routesFor('/product/1')).toBe(routesFor('/product/2'));
    expect(routesFor('/lagos/cars')).toBe(routesFor('/kano/phones'));
  });

  it('keeps routes that start with a parameter or a splat, and the children of a route with a path whole', () => {
    const nested: RouteObject[] = [
      { path: '/:lang/help', id: 'lang' },
      { path: 'shop', id: 'shop', children: [{ path: 'item/:id', id: 'item' }] },
      { path: '/files/*', id: 'files' },
      { path: '*', id: 'rest' },
    ];
    const pick = routeIndex(nested);
    const ids = (path: string) => pick(path).map((r) => r.id);
    expect(ids('/shop/item/1')).toEqual(['lang', 'shop', 'rest']);
    expect(pick('/shop/item/1')[1]?.children).toBe(nested[1]?.children);
    expect(ids('/files/a/b')).toEqual(['lang', 'files', 'rest']);
    for (const path of ['/shop/item/1', '/files/a/b', '/en/help', '/x'])
      expect(described(pick(path), path)).toEqual(described(nested, path));
  });
});
