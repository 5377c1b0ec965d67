import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage';
import SignupPage from './SignupPage';

/** The login page's stand-in: where the form went, and the notice it carried. */
function Login() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <p>login: {notice}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext>
        <Routes>
          <Route path="/app.admin/reset-password" element={<ResetPasswordPage />} />
          <Route path="/app.admin/signup" element={<SignupPage />} />
          <Route path="/app.admin/login" element={<Login />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Answers the form's one API call with `status` and `body`. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

async function fillReset(confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), 'New-password-2026');
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('admin forms that end on the login page', () => {
  it('reset: a mismatch makes no call', async () => {
    const fetch = answer(200, {});
    renderAt('/app.admin/reset-password?email=a%40kasuwa.test&token=123456');
    await fillReset('Other-password-2026');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reset: a failure without a server message shows the product's fallback and stays on the form", async () => {
    answer(500, {});
    renderAt('/app.admin/reset-password?email=a%40kasuwa.test&token=123456');
    await fillReset('New-password-2026');
    expect(await screen.findByText('Admin reset password failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
  });

  it('signup: sent with trimmed fields, then the login page says the request awaits approval', async () => {
    const fetch = answer(201, { message: 'Request received' });
    renderAt('/app.admin/signup');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), ' emeka@kasuwa.test ');
    await user.type(screen.getByLabelText(/^First name/), 'Emeka');
    await user.type(screen.getByLabelText(/^Last name/), 'Okafor');
    await user.type(screen.getByLabelText(/^Phone/), '08071234567');
    await user.type(screen.getByLabelText(/^Password/), 'Admin-request-2026');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByText(/^login:/)).textContent).toBe(
      'login: Request received Your request has been sent. An existing admin must approve it before you can sign in.',
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/admin/signup');
    expect((JSON.parse(String(init.body)) as { email: string }).email).toBe('emeka@kasuwa.test');
  });
});
