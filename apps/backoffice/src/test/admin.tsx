import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';

/** jsdom measures nothing; the MUI X grid only needs the observer to exist. */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** A resource's view rendered as the back office would: react-admin's context over the given data provider calls. */
export function renderInAdmin(resource: string, view: ReactNode, dataProvider: Partial<DataProvider>) {
  return render(
    <AdminContext dataProvider={dataProvider as DataProvider}>
      <ResourceContextProvider value={resource}>{view}</ResourceContextProvider>
    </AdminContext>,
  );
}
