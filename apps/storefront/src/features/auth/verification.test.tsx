import type { AccountVerification, UserProfile } from '@kasuwa/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { standInApiForFile } from '../../test/standInApi';
import { VerifiedBadges } from '../trust/VerifiedBadges';
import { PhoneCodeForm } from './PhoneCodeForm';
import { saveSession } from './session';
import VerificationBanner from './VerificationBanner';

let verification: AccountVerification = { required: true, email: false, phone: false, verifiedPhone: null, hasEmail: true };
const profile = () => ({ id: 1, email: 'ada@example.com', fullName: 'Ada Obi', verification }) as unknown as UserProfile;

const api = standInApiForFile({
  'GET /api/profile/me': () => [200, { data: profile() }],
  'POST /api/auth/email/verification': () => [200, { message: 'We have sent a verification link to ada@example.com.' }],
  'POST /api/auth/phone/start': () => [200, { message: 'sent', phone: '+2348031234567', expiresInMinutes: 10 }],
  'POST /api/auth/phone/verify': (req) =>
    (req.body as { code: string }).code === '123456'
      ? [200, { accessToken: 't', user: profile() }]
      : [400, { message: 'That code is wrong or has expired.', code: 'PHONE_CODE_INVALID' }],
});
beforeEach(() => {
  api.received.length = 0;
  saveSession('user-token', { email: 'ada@example.com', fullName: 'Ada Obi', profileImage: null, userId: 1 });
});

describe('the e-mail verification banner', () => {
  it('tells an unverified user what waits and resends the link', async () => {
    verification = { required: true, email: false, phone: false, verifiedPhone: null, hasEmail: true };
    const user = userEvent.setup();
    render(<VerificationBanner />);
    expect(await screen.findByText(/open the link we sent to ada@example.com/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    await vi.waitFor(() => expect(api.received.some((r) => r.path === '/api/auth/email/verification')).toBe(true));
  });

  it('shows nothing once the address is verified, or when the server does not ask for it', async () => {
    for (const v of [
      { ...verification, email: true },
      { ...verification, required: false },
    ]) {
      verification = v;
      const { container, unmount } = render(<VerificationBanner />);
      await vi.waitFor(() => expect(api.received.some((r) => r.path === '/api/profile/me')).toBe(true));
      expect(container.textContent).toBe('');
      unmount();
      api.received.length = 0;
    }
  });

  it('reads the verification again when it changes, and goes once the address is verified', async () => {
    verification = { required: true, email: false, phone: false, verifiedPhone: null, hasEmail: true };
    const { container } = render(<VerificationBanner />);
    expect(await screen.findByText(/open the link we sent to ada@example.com/)).toBeTruthy();
    verification = { ...verification, email: true };
    act(() => void window.dispatchEvent(new Event(VERIFICATION_CHANGED_EVENT)));
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    expect(api.received.filter((r) => r.path === '/api/profile/me')).toHaveLength(2);
  });
});

describe('phone code form', () => {
  it('sends the number, then the 6 digits, and hands the answer over', async () => {
    const user = userEvent.setup();
    const onVerified = vi.fn();
    render(<PhoneCodeForm submitLabel="Sign in" onVerified={onVerified} />);
    await user.type(screen.getByLabelText(/Phone number/), '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/sent a 6-digit code to \+2348031234567/)).toBeTruthy();
    await user.type(screen.getByLabelText(/6-digit code/), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    const sent = api.received.filter((r) => r.path.startsWith('/api/auth/phone/')).map((r) => r.body);
    expect(sent).toEqual([{ phone: '0803 123 4567' }, { phone: '+2348031234567', code: '123456' }]);
  });
});

describe('verified badges', () => {
  it('shows what the seller verified and invents nothing', () => {
    const { rerender, container } = render(<VerifiedBadges verified={{ email: true, phone: true }} />);
    expect(screen.getByText('Phone verified')).toBeTruthy();
    expect(screen.getByText('E-mail verified')).toBeTruthy();
    rerender(<VerifiedBadges verified={{ email: false, phone: false }} />);
    expect(container.textContent).toBe('');
  });
});
