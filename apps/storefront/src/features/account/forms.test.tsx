import type { UserProfile } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startStandInApi } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import ShippingDialog from '../checkout/ShippingDialog';
import { BankDetailsDialog } from './BankDetailsDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { REQUIRED_FIELDS_MESSAGE } from './profileRules';

const profile = {
  id: 1, email: 'ada@kasuwa.test', firstName: 'Ada', lastName: 'Obi', gender: 'female', phone: '08031234567',
  bankName: null, bankAccountNumber: null, bankAccountName: null, profileImage: null,
} as unknown as UserProfile;

let api: Awaited<ReturnType<typeof startStandInApi>>;
beforeAll(async () => {
  api = await startStandInApi({
    'PUT /api/profile/update': () => [200, { message: 'ok', data: profile }],
    'GET /api/profile/me': () => [200, { data: profile }],
    'GET /api/orders/all': () => [200, { data: [] }],
    'GET /api/locations': () => [200, { data: [{ id: 25, name: 'Lagos', cities: [{ id: 2501, name: 'Ikeja' }] }] }],
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.received.length = 0;
  saveSession('user-token', { email: profile.email, fullName: 'Ada Obi', profileImage: null, userId: 1 });
});
const updates = () => api.received.filter((r) => r.path === '/api/profile/update');

describe('profile form', () => {
  it('refuses empty required fields with the spec text and sends nothing', async () => {
    const user = userEvent.setup();
    render(<EditProfileDialog open profile={profile} onClose={() => undefined} onSaved={() => undefined} />);
    await user.clear(screen.getByLabelText(/^First name/));
    await user.clear(screen.getByLabelText(/^Phone number/));
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(REQUIRED_FIELDS_MESSAGE)).toBeTruthy();
    expect(updates()).toHaveLength(0);
  });
});

describe('bank form', () => {
  it('a 10-digit NUBAN only: a short number is invalid and nothing is sent; a spaced one goes out as digits', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<BankDetailsDialog open title="Bank details" profile={profile} onClose={() => undefined} onSaved={onSaved} onCompleteProfile={() => undefined} />);
    await user.type(screen.getByLabelText(/^Bank name/), 'Access Bank');
    await user.type(screen.getByLabelText(/^Account name/), 'Ada Obi');
    const number = screen.getByLabelText(/^Account number/) as HTMLInputElement;
    await user.type(number, '01234');
    expect(number.validity.patternMismatch).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(updates()).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '0123 456 789');
    expect(number.validity.valid).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = String(updates()[0]?.body);
    expect(body).toMatch(/name="bankAccountNumber"\r\n\r\n0123456789\r\n/);
  });

  it('asks for a complete profile before bank details', () => {
    render(<BankDetailsDialog open title="Bank details" profile={{ ...profile, phone: null } as unknown as UserProfile} onClose={() => undefined} onSaved={() => undefined} onCompleteProfile={() => undefined} />);
    expect(screen.getByText(/Please complete your profile/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('shipping form', () => {
  it('stays disabled until every field is filled, and refuses a number that is not a Nigerian mobile', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    const proceed = screen.getByRole('button', { name: 'Proceed to payment' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Shipping address/), '12 Allen Avenue');
    // The states come from GET /api/locations.
    await screen.findByRole('option', { name: 'Lagos' });
    await user.selectOptions(screen.getByLabelText(/^Delivery state/), 'Lagos');
    expect(api.received.some((r) => r.path === '/api/locations')).toBe(true);
    await user.type(screen.getByLabelText(/^City or town/), 'Ikeja');
    const phone = screen.getByLabelText(/^Receiver number/) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '12345');
    expect(proceed.disabled).toBe(false);
    await user.click(proceed);
    expect(await screen.findByText(/Enter a valid number/)).toBeTruthy();
    expect(api.received.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
