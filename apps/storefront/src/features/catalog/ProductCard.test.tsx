import type { Product } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { listingSeller } from '../../test/fixtures';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './ProductCard';

const product = (rating: { average: number | null; count: number; hidden: number }): Product =>
  ({
    id: 7,
    productName: 'mahogany bookshelf',
    productPrice: 80000,
    productType: 'used',
    productCondition: 'nigerian_used',
    productLocation: 'Ikeja, Lagos',
    productImages: [],
    createdAt: new Date().toISOString(),
    user: listingSeller(rating),
  }) as unknown as Product;

const card = (p: Product) =>
  render(
    <MemoryRouter>
      <ProductGrid label="Listings">
        <ProductCard product={p} />
      </ProductGrid>
    </MemoryRouter>,
  );

describe("a listing card shows its seller's rating", () => {
  it('the average and count from completed orders', () => {
    card(product({ average: 4.5, count: 12, hidden: 1 }));
    expect(screen.getByRole('link').textContent).toContain('★ 4.5 (12 ratings)');
  });

  it('"No ratings yet" when there are none: never an invented score', () => {
    card(product({ average: null, count: 0, hidden: 0 }));
    expect(screen.getByText('No ratings yet')).toBeTruthy();
  });
});

describe('cards and their placeholders are plain elements styled by the grid', () => {
  // Each MUI component costs the style engine a serialisation per render: on the server, for every product page (its
  // "more from this seller" placeholders) and on a phone hydrating them. The grid's classes style them once.
  it('a card and a loading placeholder add no MUI component inside the grid', () => {
    const withPhoto = {
      ...product({ average: null, count: 0, hidden: 0 }),
      productImages: [{ imageUrl: '/uploads/a.webp', thumbnailUrl: '/uploads/a-400.webp' }],
    } as unknown as Product;
    const { container } = render(
      <MemoryRouter>
        <ProductGrid label="Listings">
          <ProductCard product={withPhoto} />
          <ProductCardSkeleton />
        </ProductGrid>
      </MemoryRouter>,
    );
    expect(container.querySelectorAll('[class*="Mui"]')).toHaveLength(1); // the grid itself
    expect(container.querySelector('li[aria-hidden] .kc-sk-line')).toBeTruthy();
  });

  it('a listing without a photo says so, with an icon that is no MUI component either', () => {
    const { container } = card(product({ average: null, count: 0, hidden: 0 }));
    expect(screen.getByRole('img', { name: 'Mahogany Bookshelf: no photo' }).querySelector('svg path')).toBeTruthy();
    expect(container.querySelectorAll('[class*="Mui"]')).toHaveLength(1);
  });
});
