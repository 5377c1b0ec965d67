import type { Address } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appQueryClient } from '../../app/queryClient';
import { BWARI, ETI_OSA, FCT, homeAddress as home, IKEJA, LAGOS, sellerDeliveryQuote, signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import ShippingDialog, { type DeliveryPlace } from './ShippingDialog';

vi.mock('./startPayment', () => ({ startPayment: vi.fn(async () => true) }));
vi.mock('../cart/cartStore', () => ({ flushCart: vi.fn(async () => undefined), reloadCart: vi.fn(async () => undefined) }));

const office: Address = {
  id: 9,
  stateId: FCT,
  stateName: 'Abuja (FCT)',
  lgaId: BWARI,
  lgaName: 'Bwari',
  street: '3 Kubwa Road',
  landmark: null,
  phone: '+2349031234567',
  isDefault: false,
};

let saved: Address[] = [];
let addressesFail = false;
const api = standInApiForFile({
  'GET /api/addresses': () => (addressesFail ? [500, { message: 'Server error', code: 'INTERNAL' }] : [200, { data: saved }]),
  'POST /api/addresses': () => [201, { message: 'Address saved', data: { ...home, id: 11 } }],
  'GET /api/profile/me': () => [200, { data: { phone: '08031234567' } }],
  'GET /api/orders/all': () => [200, { data: [] }],
  'GET /api/locations': () => [
    200,
    {
      data: [
        { id: FCT, name: 'Abuja (FCT)', cities: [] },
        { id: LAGOS, name: 'Lagos', cities: [] },
      ],
    },
  ],
  'GET /api/locations/25/lgas': () => [
    200,
    {
      data: [
        { id: ETI_OSA, name: 'Eti Osa' },
        { id: IKEJA, name: 'Ikeja' },
      ],
    },
  ],
  'GET /api/locations/15/lgas': () => [200, { data: [{ id: BWARI, name: 'Bwari' }] }],
  // One seller reaching the address by seller delivery (the dialog's default delivery choice quotes it).
  'GET /api/checkout/quote': () => [200, sellerDeliveryQuote('state', 2)],
  'POST /api/orders': () => [201, { message: 'ok', data: { checkoutSessionId: 5, totalAmount: 15000, orders: [] } }],
});
beforeEach(() => {
  api.received.length = 0;
  localStorage.clear();
  appQueryClient().clear(); // each test opens the dialog on a new visit: nothing read by the one before
  signInAsAdaObi();
});
/** Typing letter by letter is slow on a busy machine: click in and paste, as the journeys' fill() does. */
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}
/** Waits for what the stand-in API answers; a busy machine takes longer than waitFor's default second. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 15_000 });
const posted = (path: string) =>
  api
    .posts()
    .filter((r) => r.path === path)
    .map((r) => r.body);

describe('shipping dialog: structured addresses', () => {
  it('offers the saved addresses with the default preselected, and sends the spec fields with the state, LGA and landmark', async () => {
    saved = [home, office];
    const user = userEvent.setup();
    const places: DeliveryPlace[] = [];
    render(
      <ShippingDialog
        open
        onClose={() => undefined}
        total={15000}
        renderDelivery={(p) => (places.push(p), (<div>Delivery choice here</div>))}
      />,
    );
    const list = await screen.findByRole('radiogroup', { name: 'Deliver to' });
    expect((within(list).getByRole('radio', { name: /12 Admiralty Way/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(list).getByText('Default')).toBeTruthy();
    expect(screen.queryByLabelText(/^Street address/)).toBeNull();
    expect(screen.getByText('Delivery choice here')).toBeTruthy();
    expect(places.at(-1)).toEqual({ stateId: LAGOS, lgaId: ETI_OSA });
    await user.click(within(list).getByRole('radio', { name: /3 Kubwa Road/ }));
    expect(places.at(-1)).toEqual({ stateId: FCT, lgaId: BWARI });
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await until(() => expect(posted('/api/orders')).toHaveLength(1));
    expect(posted('/api/orders')[0]).toEqual({
      shippingAddress: '3 Kubwa Road',
      receiverPhoneNumber: '+2349031234567',
      deliveryRegion: 'Bwari, Abuja (FCT)',
      stateId: FCT,
      lgaId: BWARI,
      landmark: null,
    });
    expect(posted('/api/addresses')).toHaveLength(0);
  });

  it('a new address: the LGAs load when the state is picked, the landmark joins the street, and "Save this address" saves it', async () => {
    saved = [home];
    const user = userEvent.setup();
    const places: DeliveryPlace[] = [];
    render(<ShippingDialog open onClose={() => undefined} total={15000} renderDelivery={(p) => void places.push(p)} />);
    await user.click(await screen.findByRole('radio', { name: 'Use a new address' }));
    const lga = screen.getByLabelText(/^Local government area/) as HTMLSelectElement;
    expect(lga.disabled).toBe(true);
    await screen.findByRole('option', { name: 'Abuja (FCT)' });
    await user.selectOptions(screen.getByLabelText(/^Delivery state/), 'Abuja (FCT)');
    await screen.findByRole('option', { name: 'Bwari' });
    // Another state: its own LGAs, and the one chosen before is gone.
    await user.selectOptions(screen.getByLabelText(/^Local government area/), 'Bwari');
    await user.selectOptions(screen.getByLabelText(/^Delivery state/), 'Lagos');
    expect((screen.getByLabelText(/^Local government area/) as HTMLSelectElement).value).toBe('');
    await screen.findByRole('option', { name: 'Ikeja' });
    expect(api.received.some((r) => r.path === '/api/locations/25/lgas')).toBe(true);
    expect(places.at(-1)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Local government area/), 'Ikeja');
    expect(places.at(-1)).toEqual({ stateId: LAGOS, lgaId: IKEJA });
    await fill(user, screen.getByLabelText(/^Street address/), '3 Allen Avenue');
    await fill(user, screen.getByLabelText(/^Landmark/), 'Opposite the church');
    const phone = screen.getByLabelText(/^Receiver number/);
    await fill(user, phone, '0809 765 4321');
    expect((screen.getByRole('checkbox', { name: 'Save this address' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await until(() => expect(posted('/api/addresses')).toHaveLength(1));
    expect(posted('/api/orders')).toEqual([
      {
        shippingAddress: '3 Allen Avenue (landmark: Opposite the church)',
        receiverPhoneNumber: '08097654321',
        deliveryRegion: 'Ikeja, Lagos',
        stateId: LAGOS,
        lgaId: IKEJA,
        landmark: 'Opposite the church',
      },
    ]);
    expect(posted('/api/addresses')).toEqual([
      { stateId: LAGOS, lgaId: IKEJA, street: '3 Allen Avenue', landmark: 'Opposite the church', phone: '08097654321' },
    ]);
  });

  it('without saved addresses the fields show at once; unticking "Save this address" saves nothing; bad input is named on its field', async () => {
    saved = [];
    const user = userEvent.setup();
    render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    const street = await screen.findByLabelText(/^Street address/);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await screen.findByRole('option', { name: 'Lagos' });
    await user.selectOptions(screen.getByLabelText(/^Delivery state/), 'Lagos');
    await screen.findByRole('option', { name: 'Eti Osa' });
    await user.selectOptions(screen.getByLabelText(/^Local government area/), 'Eti Osa');
    await fill(user, street, '12 A');
    const phone = screen.getByLabelText(/^Receiver number/);
    await fill(user, phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByText('The street address takes 5 to 200 characters')).toBeTruthy();
    expect(screen.getByText(/Enter a valid number/)).toBeTruthy();
    expect(posted('/api/orders')).toHaveLength(0);
    await fill(user, street, '12 Admiralty Way');
    await fill(user, phone, '08031234567');
    await user.click(screen.getByRole('checkbox', { name: 'Save this address' }));
    // The delivery choice for the address is quoted; the order goes with it.
    await screen.findByLabelText('Seller delivery — ₦4,500.00, 2 days');
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await until(() => expect(posted('/api/orders')).toHaveLength(1));
    expect(posted('/api/orders')[0]).toMatchObject({
      shippingAddress: '12 Admiralty Way',
      deliveryRegion: 'Eti Osa, Lagos',
      stateId: LAGOS,
      lgaId: ETI_OSA,
      landmark: null,
      delivery: { '4': 'seller_delivery' },
    });
    // Remembered on this device for the next new address, once the server has answered the order.
    await until(() =>
      expect(JSON.parse(localStorage.getItem('kasuwa:lastDelivery:1') ?? '{}')).toMatchObject({
        stateId: String(LAGOS),
        lgaId: String(ETI_OSA),
        street: '12 Admiralty Way',
      }),
    );
    expect(posted('/api/addresses')).toHaveLength(0);
  });

  it('a new address starts from the one remembered before addresses were structured (names become ids)', async () => {
    saved = [];
    localStorage.setItem(
      'kasuwa:lastDelivery:1',
      JSON.stringify({ address: '7 Opebi Road', phone: '08031112222', state: 'Lagos', city: 'Ikeja' }),
    );
    render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    await until(() => expect((screen.getByLabelText(/^Street address/) as HTMLTextAreaElement).value).toBe('7 Opebi Road'));
    await until(() => expect((screen.getByLabelText(/^Local government area/) as HTMLSelectElement).value).toBe(String(IKEJA)));
    expect((screen.getByLabelText(/^Delivery state/) as HTMLSelectElement).value).toBe(String(LAGOS));
  });

  it('says the addresses are loading, and offers a new address when they cannot be read', async () => {
    addressesFail = true;
    render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    expect(screen.getByText('Loading your addresses…')).toBeTruthy();
    expect(await screen.findByLabelText(/^Street address/)).toBeTruthy();
    expect(screen.queryByText('Loading your addresses…')).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    addressesFail = false;
  });

  it('reads the addresses again each time it opens', async () => {
    saved = [home];
    const view = render(<ShippingDialog open onClose={() => undefined} total={15000} />);
    await screen.findByRole('radiogroup', { name: 'Deliver to' });
    view.rerender(<ShippingDialog open={false} onClose={() => undefined} total={15000} />);
    saved = [home, office];
    view.rerender(<ShippingDialog open onClose={() => undefined} total={15000} />);
    expect(await screen.findByRole('radio', { name: /3 Kubwa Road/ })).toBeTruthy();
    expect(api.received.filter((r) => r.path === '/api/addresses')).toHaveLength(2);
  });
});
