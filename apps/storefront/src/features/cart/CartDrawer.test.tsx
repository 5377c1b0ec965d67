import type { CartResponse } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { standInApiForFile } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import CartDrawer from './CartDrawer';

const product = (id: number, name: string, price: string) => ({
  id,
  productName: name,
  productPrice: price,
  productQuantity: 4,
  productStatus: 'active',
  productImages: [],
});

/** The server's cart: the fridge at the seller's accepted offer, the kettle at its listed price. */
const cart = {
  data: {
    items: [
      {
        id: 1,
        productID: 10,
        quantity: 2,
        product: product(10, 'thermocool fridge', '199000.00'),
        unitPrice: '195000.00',
        priceSource: 'offer',
        lineTotal: '390000.00',
      },
      {
        id: 2,
        productID: 11,
        quantity: 1,
        product: product(11, 'electric kettle', '12500.00'),
        unitPrice: '12500.00',
        priceSource: 'listing',
        lineTotal: '12500.00',
      },
    ],
    total: '402500.00',
  },
} as unknown as CartResponse;

standInApiForFile({ 'GET /api/products/cart/items': () => [200, cart] });
beforeAll(() => saveSession('user-token', { email: 'bayo@kasuwa.test', fullName: 'Bayo Okafor', profileImage: null, userId: 2 }));

describe('the cart with an accepted offer', () => {
  it("shows the server's unit price, the listed price struck beside it, and totals with it", async () => {
    render(
      <MemoryRouter>
        <CartDrawer open onClose={() => undefined} />
      </MemoryRouter>,
    );
    const offer = await screen.findByTestId('offer-price', undefined, { timeout: 5000 });
    expect(within(offer).getByText('₦195,000.00')).toBeTruthy();
    expect(within(offer).getByLabelText('listed at ₦199,000.00').tagName).toBe('S');
    expect(within(offer).getByText('Your offer, accepted by the seller')).toBeTruthy();
    // The kettle has no offer: its listed price only.
    expect(screen.getAllByTestId('offer-price')).toHaveLength(1);
    expect(screen.getByText('₦12,500.00')).toBeTruthy();
    // 2 × ₦195,000 + ₦12,500 from the server's unit prices: the server's total, the one checkout charges.
    expect(screen.getByText('₦402,500.00')).toBeTruthy();
  });
});
