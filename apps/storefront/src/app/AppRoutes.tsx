import { Component, useLayoutEffect, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { RouteError } from '../features/layout/RouteError';
import { routesFor, type RouteHandle } from './routes';
import { ScrollMemory } from './ScrollMemory';

interface BoundaryState {
  error: unknown;
  path: string;
}

/**
 * The last-resort screen (RouteError) in place of the whole page when rendering it throws, e.g. a page's code that
 * could not be downloaded on a flaky connection. Moving to another address tries again.
 */
export class PageErrorBoundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path !== state.path ? { error: null, path: props.path } : null;
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Sets "<page> · Kasuwa" from the deepest route that names a title. A layout effect, so that a page's own, more
 * specific title (useDocumentTitle, a plain effect) is applied after it and wins; the server sets the title itself.
 */
function useRouteTitle(pathname: string) {
  useLayoutEffect(() => {
    const matches = matchRoutes(routesFor(pathname), pathname) ?? [];
    const title = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.title)?.route.handle as
      RouteHandle | undefined;
    document.title = title?.title ? `${title.title} · Kasuwa` : 'Kasuwa · Where Commerce Lives';
  }, [pathname]);
}

/** The storefront's pages under the browser's router (boot.tsx) or the server's static one (entry-server.tsx). */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routesFor(location.pathname));
  useRouteTitle(location.pathname);
  return (
    <>
      <PageErrorBoundary path={location.pathname + location.search}>{page}</PageErrorBoundary>
      <ScrollMemory />
    </>
  );
}
