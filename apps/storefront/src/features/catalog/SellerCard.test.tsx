import type { ProductDetail } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { listingSeller } from '../../test/fixtures';
import { SellerCard } from './ProductSections';

const product = {
  userID: 3,
  user: listingSeller(),
  seller: { listings: 32, completedOrders: 4 },
} as unknown as ProductDetail;

describe("the product page's seller card", () => {
  it('names the seller, their facts and their shop with plain elements (MUI only for the avatar, rating and badges)', () => {
    const { container } = render(
      <MemoryRouter>
        <SellerCard product={product} sellerName="Sade Adeyemi" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: 'Seller' });
    expect(within(card).getByText('Sade Adeyemi')).toBeTruthy();
    expect(
      [...card.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]),
    ).toEqual([
      ['Active listings', '32'],
      ['Completed orders', '4'],
    ]);
    expect(within(card).getByRole('link', { name: "Visit the seller's shop" }).getAttribute('href')).toBe('/seller/3');
    // The card's own element, the avatar, "No ratings yet", and the e-mail badge (its Stack, Chip, icon and label).
    const mui = [...container.querySelectorAll('[class*="Mui"][class*="-root"]')].map(
      (e) => /Mui(\w+)-root/.exec(e.getAttribute('class') ?? '')?.[1],
    );
    expect(mui).toEqual(['Box', 'Avatar', 'Typography', 'Stack', 'Chip', 'SvgIcon']);
  });
});
