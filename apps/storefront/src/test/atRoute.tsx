import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** `element` opened at `url` under the route `path`, so it reads its params and query as in the app. */
export function atRoute(url: string, path: string, element: ReactNode) {
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={element} />
      </Routes>
    </MemoryRouter>
  );
}
