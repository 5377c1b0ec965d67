import { render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { standInApiForFile } from '../../test/standInApi';
import AuthSuccessPage, { MISSING_PARAMS } from './AuthSuccessPage';
import { GoogleSignInButton, GOOGLE_NOT_CONFIGURED } from './GoogleSignInButton';
import { rememberReturnTo } from './returnTo';
import { clearSession, readSession } from './session';
import VerifyEmailPage from './VerifyEmailPage';

let providers: [number, unknown] = [200, { google: true }];
let verifyAnswer: [number, unknown] = [200, { message: 'Your e-mail address is verified.' }];
const api = standInApiForFile({
  'GET /api/auth/providers': () => providers,
  'POST /api/auth/email/verify': () => verifyAnswer,
  'GET /api/profile/me': () => [200, { data: { id: 42, email: 'ada@example.com', fullName: 'Ada Obi', profileImage: null } }],
});
beforeEach(() => {
  api.received.length = 0;
  clearSession();
});
const calls = (path: string) => api.received.filter((r) => r.path === path);

/** The page as the app shows it in development: StrictMode runs its effects twice. */
const at = (path: string, element: ReactNode) =>
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={element} />
          <Route path="/orders" element={<p>Your orders</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );

describe('the Google button', () => {
  it('checks first, then offers Google when the server has it', async () => {
    providers = [200, { google: true }];
    render(<GoogleSignInButton />);
    expect(screen.getByRole('button', { name: 'Checking Google sign-in…' })).toBeTruthy();
    const button = (await screen.findByRole('button', { name: 'Continue with Google' })) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('says Google is not available when it is not set up, or the question fails', async () => {
    for (const answer of [
      [200, { google: false }],
      [500, { message: 'Server error', code: 'INTERNAL' }],
    ] as [number, unknown][]) {
      providers = answer;
      const view = render(<GoogleSignInButton />);
      const button = (await screen.findByRole('button', { name: GOOGLE_NOT_CONFIGURED })) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      view.unmount();
    }
  });
});

describe('the e-mail verification link', () => {
  it('uses the link once, says so, and tells the banner', async () => {
    verifyAnswer = [200, { message: 'Your e-mail address is verified.' }];
    const changed = vi.fn();
    window.addEventListener(VERIFICATION_CHANGED_EVENT, changed);
    at('/verify-email?token=abc', <VerifyEmailPage />);
    expect(screen.getByText('Checking your link…')).toBeTruthy();
    expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toBeTruthy();
    expect(calls('/api/auth/email/verify').map((r) => r.body)).toEqual([{ token: 'abc' }]);
    expect(changed).toHaveBeenCalledTimes(1);
    window.removeEventListener(VERIFICATION_CHANGED_EVENT, changed);
  });

  it("shows the server's reason when the link does not work", async () => {
    verifyAnswer = [400, { message: 'This link has expired. Ask for a new one.', code: 'TOKEN_EXPIRED' }];
    at('/verify-email?token=old', <VerifyEmailPage />);
    expect(await screen.findByText('This link has expired. Ask for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toBeTruthy();
    expect(calls('/api/auth/email/verify')).toHaveLength(1);
  });
});

describe('the Google sign-in callback', () => {
  it('stores the session, learns the user id once, and goes where the visitor was going', async () => {
    rememberReturnTo('/orders');
    const user = encodeURIComponent(JSON.stringify({ email: 'ada@example.com', fullName: 'Ada Obi' }));
    at(`/auth-success?access_token=t0k&user=${user}`, <AuthSuccessPage />);
    expect(screen.getByText('Redirecting...')).toBeTruthy();
    expect(await screen.findByText('Your orders')).toBeTruthy();
    expect(calls('/api/profile/me')).toHaveLength(1);
    expect(readSession()).toMatchObject({ accessToken: 't0k', user: { email: 'ada@example.com', userId: 42 } });
  });

  it('says what is missing and asks nothing', () => {
    at('/auth-success?user=x', <AuthSuccessPage />);
    expect(screen.getByText(MISSING_PARAMS)).toBeTruthy();
    expect(api.received).toHaveLength(0);
  });
});
