import type { ProductAvailability } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@kasuwa/contracts';
import { InitialDataContext, type InitialData } from '../../app/initialData';
import { listingSeller } from '../../test/fixtures';
import { atRoute } from '../../test/atRoute';
import { standInApiForFile } from '../../test/standInApi';
import ProductPage from './ProductPage';

const detail = (id: number, availability: ProductAvailability): ProductDetail =>
  ({
    id,
    productName: 'thermocool deep freezer',
    productPrice: '185000.00',
    productCurrency: 'NGN',
    productDescription: 'Bought last year, works well.',
    attributes: {},
    productLocation: 'Ikeja, Lagos',
    stateId: null,
    cityId: null,
    productCategoryID: null,
    productQuantity: availability === 'in_stock' ? 2 : 0,
    productType: 'used',
    productCondition: 'nigerian_used',
    productStatus: availability === 'in_stock' ? 'active' : 'sold_out',
    availability,
    productImages: [],
    blockReason: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    userID: 3,
    user: listingSeller(),
    seller: { listings: 1, completedOrders: 4 },
  }) as ProductDetail;

standInApiForFile({
  'GET /api/category/categories': () => [200, { data: { categories: [] } }],
  'GET /api/products': () => [
    200,
    { data: [], meta: { limit: 8, total: 0, totalIsEstimate: false, nextCursor: null, correctedSearch: null, didYouMean: null } },
  ],
});

/** The product page as the server embedded it (a visitor: no session). */
function page(product: ProductDetail) {
  const data: InitialData = { product: { id: String(product.id), detail: product } };
  return render(
    <InitialDataContext.Provider value={data}>
      {atRoute(`/product/${product.id}`, '/product/:id', <ProductPage />)}
    </InitialDataContext.Provider>,
  );
}

describe('a sold or reserved listing stays readable, marked so, and cannot be bought', () => {
  it('sold: the listing shows with "Sold", why, and Add to Cart disabled', async () => {
    page(detail(41, 'sold'));
    expect(await screen.findByRole('heading', { name: 'Thermocool Deep Freezer', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    const state = screen.getByTestId('sale-state');
    expect(state.textContent).toContain('Sold');
    expect(state.textContent).toContain('This item has been sold and can no longer be bought.');
    const buy = screen.getByRole('button', { name: 'Sold' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('reserved: "Reserved", that a buyer\'s unpaid checkout holds it, and Add to Cart disabled', async () => {
    page(detail(42, 'reserved'));
    const state = await screen.findByTestId('sale-state', undefined, { timeout: 10_000 });
    expect(state.textContent).toContain('Reserved');
    expect(state.textContent).toContain("held by a buyer's checkout that has not been paid yet");
    expect((screen.getByRole('button', { name: 'Reserved' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in stock: no notice, Add to Cart enabled', async () => {
    page(detail(43, 'in_stock'));
    const add = (await screen.findByRole('button', { name: /Add to Cart/ }, { timeout: 10_000 })) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    expect(screen.queryByTestId('sale-state')).toBeNull();
  });
});

describe("the product page's description", () => {
  it('is a plain heading and text styled by its section (no MUI Typography)', async () => {
    page(detail(44, 'in_stock'));
    const description = await screen.findByRole('region', { name: 'Description' }, { timeout: 10_000 });
    expect(description.querySelector('h2')?.textContent).toBe('Description');
    expect(description.querySelector('p')?.textContent).toBe('Bought last year, works well.');
    expect(description.querySelectorAll('[class*="Mui"]')).toHaveLength(0);
  });
});
