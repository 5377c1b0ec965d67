import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingPage } from 'react-admin';

/**
 * A component whose code loads the first time it renders (react-admin's loading page meanwhile). For the parts of
 * the back office that the login page never shows: the layout, the error and not-found pages.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  const Deferred = (props: P) => (
    <Suspense fallback={<LoadingPage />}>
      <Lazy {...props} />
    </Suspense>
  );
  return Deferred;
}
