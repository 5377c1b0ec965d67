import type { Product } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProductCard, ProductGrid } from './ProductCard';

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
    user: {
      id: 3,
      fullName: 'Sade Adeyemi',
      profileImage: null,
      memberSince: new Date().toISOString(),
      whatsapp: null,
      rating,
      verified: { email: true, phone: false },
    },
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
