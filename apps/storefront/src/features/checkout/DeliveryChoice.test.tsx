import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '@kasuwa/contracts';
import { standInApiForFile } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import DeliveryChoice, { type DeliverySelection } from './DeliveryChoice';

const QUOTE: CheckoutQuote = {
  data: {
    currency: 'NGN',
    sellers: [
      {
        sellerId: 7,
        sellerName: 'Sola Seller',
        goodsKobo: 1_000_000,
        pickupArea: 'Ikeja, Lagos',
        payOnDeliveryRefusal: null,
        options: [
          { method: 'pickup', zone: null, feeKobo: 0, days: null },
          { method: 'seller_delivery', zone: 'state', feeKobo: 200_000, days: 2 },
        ],
      },
      {
        sellerId: 9,
        sellerName: 'Tunde Two',
        goodsKobo: 400_000,
        pickupArea: null,
        payOnDeliveryRefusal: null,
        options: [{ method: 'seller_delivery', zone: 'other', feeKobo: 700_000, days: 5 }],
      },
    ],
  },
};

/** Seller 7 allows pay on delivery; seller 9's listings allow it too but the buyer may not use it (the server says why). */
const CASH_QUOTE: CheckoutQuote = {
  data: {
    currency: 'NGN',
    sellers: [
      {
        ...QUOTE.data.sellers[0],
        options: [...QUOTE.data.sellers[0].options, { method: 'pay_on_delivery', zone: 'state', feeKobo: 200_000, days: 2 }],
      },
      { ...QUOTE.data.sellers[1], payOnDeliveryRefusal: 'Verify your phone number on your profile to pay on delivery.' },
    ],
  },
};

let quote = QUOTE;
const api = standInApiForFile({ 'GET /api/checkout/quote': () => [200, quote] });

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
    await waitFor(() =>
      expect(last).toEqual({ delivery: { '7': 'pickup', '9': 'seller_delivery' }, totalKobo: 2_100_000, cashKobo: 0, ready: true }),
    );

    fireEvent.click(screen.getByLabelText('Seller delivery — ₦2,000.00, 2 days'));
    expect(screen.getByTestId('grand-total').textContent).toBe('₦23,000.00');
    await waitFor(() =>
      expect(last).toEqual({
        delivery: { '7': 'seller_delivery', '9': 'seller_delivery' },
        totalKobo: 2_300_000,
        cashKobo: 0,
        ready: true,
      }),
    );
  });

  it('pay on delivery is offered but never preselected; choosing it moves that seller out of the online total; a refusal is explained', async () => {
    quote = CASH_QUOTE;
    saveSession('buyer-token', { email: 'bisi@kasuwa.test', fullName: 'Bisi', profileImage: null, userId: 3 });
    let last: DeliverySelection | null = null;
    render(<DeliveryChoice stateId={25} lgaId={250011} onChange={(s) => (last = s)} />);
    const cash = await screen.findByLabelText('Pay on delivery (cash) — ₦2,000.00, 2 days');
    expect((cash as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Pay on delivery: Verify your phone number on your profile to pay on delivery.')).toBeTruthy();
    fireEvent.click(cash);
    // Seller 7 (₦10,000 + ₦2,000) in cash; seller 9 (₦4,000 + ₦7,000) online.
    expect(screen.getByTestId('grand-total').textContent).toBe('₦11,000.00');
    expect(screen.getByTestId('cash-total').textContent).toBe('₦12,000.00');
    expect(screen.getByText('Subtotal, in cash on delivery')).toBeTruthy();
    await waitFor(() =>
      expect(last).toEqual({
        delivery: { '7': 'pay_on_delivery', '9': 'seller_delivery' },
        totalKobo: 1_100_000,
        cashKobo: 1_200_000,
        ready: true,
      }),
    );
    quote = QUOTE;
  });
});
