import type { PriceHint, Product } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listingSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { SellPriceHint, SimilarSection, TypicalPrice, typicalPriceText } from './SimilarListings';

const card = (id: number, name: string): Product =>
  ({
    id,
    productName: name,
    productPrice: '52000.00',
    productCurrency: 'NGN',
    productDescription: '',
    productLocation: 'Ikeja, Lagos',
    stateId: 25,
    cityId: null,
    productCategoryID: 4,
    productQuantity: 1,
    productType: 'used',
    productCondition: 'nigerian_used',
    productStatus: 'active',
    productImages: [],
    blockReason: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    userID: 3,
    attributes: {},
    user: listingSeller(),
  }) as Product;

const HINT: PriceHint = { count: 14, low: 4_000_000, median: 4_800_000, high: 5_550_050 };

const api = standInApiForFile({
  'GET /api/products/7/similar': () => [200, { data: [card(8, 'tecno spark 10'), card(9, 'infinix hot 30')], priceHint: HINT }],
  'GET /api/products/70/similar': () => [200, { data: [], priceHint: { count: 3, low: null, median: null, high: null } }],
  'GET /api/products/price-hint': () => [200, HINT],
});

describe('typical price text', () => {
  it('says the quartiles in whole naira from 10 comparable listings, and nothing below or without a state', () => {
    expect(typicalPriceText(HINT, 'Lagos')).toBe('Typical price in Lagos: ₦40,000 – ₦55,501');
    expect(typicalPriceText({ count: 9, low: null, median: null, high: null }, 'Lagos')).toBeNull();
    expect(typicalPriceText(HINT, null)).toBeNull();
  });
});

describe('similar listings on the product page', () => {
  it('shows "Similar listings" with a card per listing, and the hint by the price from the same answer', async () => {
    render(
      <MemoryRouter>
        <TypicalPrice productId={7} stateName="Lagos" />
        <SimilarSection productId={7} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Similar listings' }, { timeout: 10_000 })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('list', { name: 'Similar listings' }).textContent).toContain('Infinix Hot 30'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('typical-price').textContent).toBe('Typical price in Lagos: ₦40,000 – ₦55,501');
    // One request serves both.
    expect(api.received.filter((r) => r.path === '/api/products/7/similar')).toHaveLength(1);
  });

  it('leaves the section and the hint out when there is nothing similar and too few to say', async () => {
    const { container } = render(
      <MemoryRouter>
        <TypicalPrice productId={70} stateName="Lagos" />
        <SimilarSection productId={70} />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(api.received.some((r) => r.path === '/api/products/70/similar')).toBe(true), { timeout: 10_000 });
    await vi.waitFor(() => expect(container.textContent).toBe(''), { timeout: 10_000 });
  });
});

describe('the sell form hint', () => {
  it('asks once the category, the state and a price are there, and shows the typical price', async () => {
    const { rerender } = render(<SellPriceHint categoryId="" stateId="25" stateName="Lagos" price="45000" />);
    expect(screen.getByTestId('sell-typical-price').textContent).toBe('');
    rerender(<SellPriceHint categoryId="4" stateId="25" stateName="Lagos" price="45000" />);
    await vi.waitFor(() => expect(screen.getByTestId('sell-typical-price').textContent).toBe('Typical price in Lagos: ₦40,000 – ₦55,501'), {
      timeout: 10_000,
    });
    expect(api.received.filter((r) => r.path === '/api/products/price-hint')).toHaveLength(1);
  });
});
