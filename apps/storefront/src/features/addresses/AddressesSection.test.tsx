import type { Address } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ETI_OSA, homeAddress as home, IKEJA, LAGOS, signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import AddressesSection from './AddressesSection';

const shop: Address = {
  id: 9,
  stateId: LAGOS,
  stateName: 'Lagos',
  lgaId: IKEJA,
  lgaName: 'Ikeja',
  street: '3 Allen Avenue',
  landmark: null,
  phone: '+2349031234567',
  isDefault: false,
};

let rows: Address[] = [];
const api = standInApiForFile({
  'GET /api/addresses': () => [200, { data: rows }],
  'POST /api/addresses': (req) => {
    const body = req.body as { street: string };
    if (body.street.startsWith('Far'))
      return [
        422,
        { message: 'Validation failed', code: 'VALIDATION_FAILED', error: [{ field: 'lgaId', message: 'Ikeja is not in Kano' }] },
      ];
    if (rows.length >= 2)
      return [409, { message: 'You can keep up to 10 addresses. Delete one to add another.', code: 'TOO_MANY_ADDRESSES' }];
    const created = {
      ...home,
      ...body,
      id: 12,
      stateName: 'Lagos',
      lgaName: 'Ikeja',
      phone: '+2348097654321',
      isDefault: false,
    } as Address;
    rows = [...rows, created];
    return [201, { message: 'Address saved', data: created }];
  },
  'PUT /api/addresses/9': (req) => {
    rows = rows.map((r) => (r.id === 9 ? { ...r, ...(req.body as object), phone: r.phone } : r));
    return [200, { message: 'Address updated', data: rows.find((r) => r.id === 9) }];
  },
  'POST /api/addresses/9/default': () => {
    rows = [
      { ...shop, isDefault: true },
      { ...home, isDefault: false },
    ];
    return [200, { message: 'Default address changed', data: rows }];
  },
  'DELETE /api/addresses/7': () => {
    rows = rows.filter((r) => r.id !== 7).map((r) => ({ ...r, isDefault: true }));
    return [200, { message: 'Address deleted', data: rows }];
  },
  'DELETE /api/addresses/9': () => [404, { message: 'Address not found', code: 'ADDRESS_NOT_FOUND' }],
  'GET /api/locations': () => [200, { data: [{ id: LAGOS, name: 'Lagos', cities: [] }] }],
  'GET /api/locations/25/lgas': () => [
    200,
    {
      data: [
        { id: ETI_OSA, name: 'Eti Osa' },
        { id: IKEJA, name: 'Ikeja' },
      ],
    },
  ],
});
beforeEach(() => {
  api.received.length = 0;
  signInAsAdaObi();
});
/** Waits for what the stand-in API answers; a busy machine takes longer than waitFor's default second. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 15_000 });

/** The section with the saved addresses, then its Add address dialog with Lagos and Ikeja chosen (the lists load first). */
async function openAddDialogInIkeja(user: ReturnType<typeof userEvent.setup>) {
  render(<AddressesSection />);
  await screen.findByText('12 Admiralty Way');
  await user.click(screen.getByRole('button', { name: 'Add address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add address' });
  await within(dialog).findByRole('option', { name: 'Lagos' });
  await user.selectOptions(within(dialog).getByLabelText(/^Delivery state/), 'Lagos');
  await within(dialog).findByRole('option', { name: 'Ikeja' });
  await user.selectOptions(within(dialog).getByLabelText(/^Local government area/), 'Ikeja');
  return dialog;
}
const sent = (method: string, path: string) => api.received.filter((r) => r.method === method && r.path === path).map((r) => r.body);
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}

describe('profile: Addresses', () => {
  it('lists the addresses, the default marked; makes another the default; deletes after a confirmation', async () => {
    rows = [home, shop];
    const user = userEvent.setup();
    render(<AddressesSection />);
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/12 Admiralty Way.*Default.*Eti Osa, Lagos.*Landmark: By the bank.*0803 123 4567/),
      expect.stringMatching(/3 Allen Avenue.*Ikeja, Lagos/),
    ]);
    expect(within(items[0]).queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    await user.click(within(items[1]).getByRole('button', { name: 'Make 3 Allen Avenue the default' }));
    await until(() =>
      expect(within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem')[0].textContent).toMatch(
        /3 Allen Avenue.*Default/,
      ),
    );
    expect(sent('POST', '/api/addresses/9/default')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete 12 Admiralty Way' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' }, { timeout: 15_000 });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(sent('DELETE', '/api/addresses/7')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete 12 Admiralty Way' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this address?' }, { timeout: 15_000 })).getByRole('button', {
        name: 'Delete address',
      }),
    );
    await until(() => expect(within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem')).toHaveLength(1));
    expect(sent('DELETE', '/api/addresses/7')).toHaveLength(1);
  });

  it('a refused delete shows the reason in the confirmation', async () => {
    rows = [home, shop];
    const user = userEvent.setup();
    render(<AddressesSection />);
    await user.click(await screen.findByRole('button', { name: 'Delete 3 Allen Avenue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' }, { timeout: 15_000 });
    await user.click(within(confirm).getByRole('button', { name: 'Delete address' }));
    expect(await within(confirm).findByText('Address not found')).toBeTruthy();
  });

  it("adds an address with the state and its LGA; the server's field errors are shown on their fields", async () => {
    rows = [home];
    const user = userEvent.setup();
    const dialog = await openAddDialogInIkeja(user);
    await fill(user, within(dialog).getByLabelText(/^Phone number/), '0809 765 4321');
    // Checked before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('The street address takes 5 to 200 characters')).toBeTruthy();
    expect(sent('POST', '/api/addresses')).toHaveLength(0);
    // The server's 422 lands on its field.
    await fill(user, within(dialog).getByLabelText(/^Street address/), 'Far away road');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Ikeja is not in Kano')).toBeTruthy();
    await fill(user, within(dialog).getByLabelText(/^Street address/), '5 Opebi Road');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await until(() => expect(screen.queryByRole('dialog', { name: 'Add address' })).toBeNull());
    expect(sent('POST', '/api/addresses').at(-1)).toEqual({
      stateId: LAGOS,
      lgaId: IKEJA,
      street: '5 Opebi Road',
      landmark: null,
      phone: '08097654321',
      isDefault: true,
    });
    expect(await screen.findByText('5 Opebi Road')).toBeTruthy();
  });

  it("a refused save (the limit) shows the server's reason in the form", async () => {
    rows = [home, shop];
    const user = userEvent.setup();
    const again = await openAddDialogInIkeja(user);
    await fill(user, within(again).getByLabelText(/^Street address/), '6 Opebi Road');
    await fill(user, within(again).getByLabelText(/^Phone number/), '08097654321');
    await user.click(within(again).getByRole('button', { name: 'Save address' }));
    expect(await within(again).findByText('You can keep up to 10 addresses. Delete one to add another.')).toBeTruthy();
  });

  it('edits an address: the form starts from it, the phone in the local form', async () => {
    rows = [home, shop];
    const user = userEvent.setup();
    render(<AddressesSection />);
    await user.click(await screen.findByRole('button', { name: 'Edit 3 Allen Avenue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect((within(dialog).getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('09031234567');
    await until(() => expect((within(dialog).getByLabelText(/^Local government area/) as HTMLSelectElement).value).toBe(String(IKEJA)));
    await fill(user, within(dialog).getByLabelText(/^Landmark/), 'Behind the mall');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await until(() => expect(screen.queryByRole('dialog', { name: 'Edit address' })).toBeNull());
    expect(sent('PUT', '/api/addresses/9')).toEqual([
      { stateId: LAGOS, lgaId: IKEJA, street: '3 Allen Avenue', landmark: 'Behind the mall', phone: '09031234567' },
    ]);
    expect(await screen.findByText('Landmark: Behind the mall')).toBeTruthy();
  });
});
