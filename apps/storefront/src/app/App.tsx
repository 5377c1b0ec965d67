import type { ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { InitialDataContext, type InitialData } from './initialData';

const NO_DATA: InitialData = {};

/** The app around its router: the browser's (main.tsx) or the server's static one (entry-server.tsx). */
export function App({ data = NO_DATA, children }: { data?: InitialData; children: ReactNode }) {
  return (
    <InitialDataContext.Provider value={data}>
      <AppProviders>{children}</AppProviders>
    </InitialDataContext.Provider>
  );
}
