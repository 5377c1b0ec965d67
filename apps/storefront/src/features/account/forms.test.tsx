import type { UserProfile } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appQueryClient } from '../../app/queryClient';
import { sellerDeliveryQuote } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import ShippingDialog from '../checkout/ShippingDialog';
import { BankDetailsDialog } from './BankDetailsDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { REQUIRED_FIELDS_MESSAGE } from './profileRules';

const profile = {
  id: 1,
  email: 'ada@kasuwa.test',
  firstName: 'Ada',
  lastName: 'Obi',
  gender: 'female',
  phone: '08031234567',
  bankName: null,
  bankAccountNumber: null,
  bankAccountName: null,
  profileImage: null,
} as unknown as UserProfile;

const savedAccount = {
  bankCode: '044',
  bankName: 'Access Bank',
  accountNumber: '0123456789',
  accountName: 'ADA OBI',
  payoutsHoldUntil: null,
  autoPayout: false,
};

let payoutAnswer: [number, unknown] = [200, { data: null }];
const api = standInApiForFile({
  'PUT /api/profile/update': () => [200, { message: 'ok', data: profile }],
  'GET /api/profile/me': () => [200, { data: profile }],
  'GET /api/orders/all': () => [200, { data: [] }],
  'GET /api/locations': () => [200, { data: [{ id: 25, name: 'Lagos', cities: [{ id: 2501, name: 'Ikeja' }] }] }],
  'GET /api/locations/25/lgas': () => [200, { data: [{ id: 250011, name: 'Ikeja' }] }],
  'GET /api/addresses': () => [200, { data: [] }],
  'GET /api/checkout/quote': () => [200, sellerDeliveryQuote('lga', 1)],
  'GET /api/banks': () => [200, { data: [{ name: 'Access Bank', code: '044', slug: 'access-bank' }] }],
  'GET /api/profile/payout-account': () => payoutAnswer,
  'POST /api/profile/payout-account/resolve': () => [201, { bankName: 'Access Bank', accountName: 'ADA OBI' }],
  'POST /api/auth/step-up': () => [
    200,
    { message: 'We have sent a 6-digit code to your phone ending 4567.', phone: '+234 ••• ••• 4567', expiresInMinutes: 10 },
  ],
  'PUT /api/profile/payout-account': (req) =>
    (req.body as { otp?: string }).otp === '123456'
      ? [
          200,
          {
            message: 'Payout account saved',
            data: savedAccount,
          },
        ]
      : [403, { message: 'For your safety, confirm this with the 6-digit code we send by SMS.', code: 'STEP_UP_REQUIRED' }],
});
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

describe('bank form: the profile\'s "Add Bank Details" is the payout account', () => {
  it('a 10-digit NUBAN at a bank from the list, the name from the bank, then the SMS code; nothing typed is trusted', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<BankDetailsDialog open title="Add Bank Details" profile={profile} onClose={() => undefined} onSaved={onSaved} />);
    const number = (await screen.findByLabelText(/^Account number/)) as HTMLInputElement;
    await screen.findByRole('option', { name: 'Access Bank' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Bank/ }), 'Access Bank');
    await user.type(number, '01234');
    expect(number.validity.patternMismatch).toBe(true);
    expect((screen.getByRole('button', { name: 'Check account' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(number);
    await user.type(number, '0123 456 789');
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('ADA OBI')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, save' }));
    // The server asks for a step-up: a code is texted and the form asks for it.
    expect(await screen.findByText(/phone ending 4567/)).toBeTruthy();
    await user.type(screen.getByLabelText(/^SMS code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm with code' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const saves = api.received.filter((r) => r.path === '/api/profile/payout-account' && r.method === 'PUT').map((r) => r.body);
    expect(saves).toEqual([
      { bankCode: '044', accountNumber: '0123456789' },
      { bankCode: '044', accountNumber: '0123456789', otp: '123456' },
    ]);
    expect(api.received.filter((r) => r.path === '/api/auth/step-up')).toHaveLength(1);
    expect(updates()).toHaveLength(0);
  });

  it('shows the payout account when it is read, and the reason when it cannot be', async () => {
    payoutAnswer = [200, { data: savedAccount }];
    const view = render(
      <BankDetailsDialog open title="Edit Bank Details" profile={profile} onClose={() => undefined} onSaved={() => undefined} />,
    );
    expect(await screen.findByText(/Keep Access Bank ••••6789/)).toBeTruthy();
    view.unmount();
    appQueryClient().clear(); // opened again on a new visit
    payoutAnswer = [500, { message: 'Could not load your payout account.', code: 'INTERNAL' }];
    render(<BankDetailsDialog open title="Edit Bank Details" profile={profile} onClose={() => undefined} onSaved={() => undefined} />);
    expect(await screen.findByText('Could not load your payout account.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Account number/)).toBeNull();
    payoutAnswer = [200, { data: null }];
  });

  it('shows free text typed before the rule as not confirmed', async () => {
    const old = {
      ...profile,
      bankName: 'Acess bank',
      bankAccountNumber: '0000000000',
      bankDetailsConfirmed: false,
    } as unknown as UserProfile;
    render(<BankDetailsDialog open title="Edit Bank Details" profile={old} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByText(/are not confirmed, so we cannot pay you there/)).toBeTruthy();
  });
});

describe('shipping form', () => {
  it('stays disabled until every field is filled, and refuses a number that is not a Nigerian mobile', async () => {
    localStorage.clear();
    // No remembered delivery, but still the signed-in buyer (the delivery quote is theirs).
    saveSession('user-token', { email: profile.email, fullName: 'Ada Obi', profileImage: null, userId: 1 });
    const user = userEvent.setup();
    render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    const proceed = screen.getByRole('button', { name: 'Proceed to payment' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    await user.type(await screen.findByLabelText(/^Street address/), '12 Allen Avenue');
    // The states come from GET /api/locations, the state's LGAs from GET /api/locations/{stateId}/lgas.
    await screen.findByRole('option', { name: 'Lagos' });
    await user.selectOptions(screen.getByLabelText(/^Delivery state/), 'Lagos');
    expect(api.received.some((r) => r.path === '/api/locations')).toBe(true);
    expect(proceed.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Ikeja' });
    await user.selectOptions(screen.getByLabelText(/^Local government area/), 'Ikeja');
    const phone = screen.getByLabelText(/^Receiver number/) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '12345');
    // Complete once the delivery for the address is quoted and chosen.
    await screen.findByLabelText('Seller delivery — ₦4,500.00, 1 day');
    await vi.waitFor(() => expect(proceed.disabled).toBe(false));
    await user.click(proceed);
    expect(await screen.findByText(/Enter a valid number/)).toBeTruthy();
    expect(api.posts()).toHaveLength(0);
  });
});
