import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { standInApiForFile } from '../../test/standInApi';
import AuthPage from './AuthPage';
import { RequireAuth } from './RequireAuth';
import { clearSession } from './session';

const user = { id: 7, email: 'ada@kasuwa.test', firstName: 'Ada', lastName: 'Obi', fullName: 'Ada Obi', profileImage: null };

standInApiForFile({
  'GET /api/auth/providers': () => [200, { google: false }],
  'POST /api/auth/login': () => [200, { message: 'ok', accessToken: 'user-token', user }],
});
beforeEach(() => {
  clearSession();
  sessionStorage.clear();
});

function app() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Link to="/sell">Sell</Link> },
      {
        path: '/sell',
        element: (
          <RequireAuth>
            <h1>Post Product</h1>
          </RequireAuth>
        ),
      },
      { path: '/auth', element: <AuthPage /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a guest tapping Sell', () => {
  it('lands on sign-in, not the home page, and comes back to the sell form after signing in', async () => {
    const u = userEvent.setup();
    const router = app();
    await u.click(screen.getByRole('link', { name: 'Sell' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');

    await u.type(screen.getByLabelText(/^Email/), user.email);
    await u.type(screen.getByLabelText(/^Password/), 'kasuwa-demo-2026');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Post Product' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sell');
  });
});
