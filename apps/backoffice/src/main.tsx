import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { App } from './App';
import { ADMIN_BASE } from './config';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/*
 * react-admin makes a hash router unless it sits inside one, so real /app.admin/... URLs need
 * this BrowserRouter; `<Admin basename>` then builds its links under the same prefix.
 */
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route path={`${ADMIN_BASE}/*`} element={<App />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
