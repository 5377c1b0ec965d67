import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '@kasuwa/contracts';
import { startStandInApi } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import DeliveryChoice, { type DeliverySelection } from './DeliveryChoice';

const QUOTE: CheckoutQuote = {
  data: {
    currency: 'NGN',
    sellers: [
      {
        sellerId: 7, sellerName: 'Sola Seller', goodsKobo: 1_000_000, pickupArea: 'Ikeja, Lagos', payOnDeliveryRefusal: null,
        options: [{ method: 'pickup', zone: null, feeKobo: 0, days: null }, { method: 'seller_delivery', zone: 'state', feeKobo: 200_000, days: 2 }],
      },
      { sellerId: 9, sellerName: 'Tunde Two', goodsKobo: 400_000, pickupArea: null, payOnDeliveryRefusal: null, options: [{ method: 'seller_delivery', zone: 'other', feeKobo: 700_000, days: 5 }] },
    ],
  },
};

let api: Awaited<ReturnType<typeof startStandInApi>>;
beforeAll(async () => {
  api = await startStandInApi({ 'GET /api/checkout/quote': () => [200, QUOTE] });
});
afterAll(() => api.close());

describe('the delivery choice at checkout', () => {
  it('quotes the address, defaults each seller to the cheapest option, and totals goods + the chosen fees', async () => {
    saveSession('buyer-token', { email: 'bisi@kasuwa.test', fullName: 'Bisi', profileImage: null, userId: 3 });
    let last: DeliverySelection | null = null;
    render(<DeliveryChoice stateId={25} lgaId={250011} onChange={(s) => (last = s)} />);
    const pickup = await screen.findByLabelText('Pickup in Ikeja, Lagos — free');
    expect(api.received.at(-1)?.auth).toBe('Bearer buyer-token');
    expect((pickup as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Seller delivery — ₦7,000.00, 5 days') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('grand-total').textContent).toBe('₦21,000.00');
    await waitFor(() => expect(last).toEqual({ delivery: { '7': 'pickup', '9': 'seller_delivery' }, totalKobo: 2_100_000, ready: true }));

    fireEvent.click(screen.getByLabelText('Seller delivery — ₦2,000.00, 2 days'));
    expect(screen.getByTestId('grand-total').textContent).toBe('₦23,000.00');
    await waitFor(() => expect(last).toEqual({ delivery: { '7': 'seller_delivery', '9': 'seller_delivery' }, totalKobo: 2_300_000, ready: true }));
  });
});
