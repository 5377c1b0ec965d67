import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';

/** jsdom measures nothing; the MUI X grid only needs the observer to exist. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/**
 * A resource's view rendered as the back office would: react-admin's context over the given data provider calls (and,
 * for the role-checked buttons, an auth provider).
 */
export function renderInAdmin(resource: string, view: ReactNode, dataProvider: Partial<DataProvider>, authProvider?: AuthProvider) {
  return render(
    <AdminContext dataProvider={dataProvider as DataProvider} authProvider={authProvider}>
      <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
    </AdminContext>,
  );
}
