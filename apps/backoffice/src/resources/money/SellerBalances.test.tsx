import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SellerBalances } from './SellerBalances';

afterEach(() => vi.unstubAllGlobals());

describe('a seller’s balances on the user page', () => {
  it('shows the four figures of GET /api/admin/users/{id}/wallet in naira', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { held: '1200000', available: '950000', paidOut: '500000', pendingPayout: '0' } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <AdminContext>
        <SellerBalances userId={7} />
      </AdminContext>,
    );
    await screen.findByText('₦12,000.00');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/admin\/users\/7\/wallet$/);
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Held (in escrow)')).toBe('₦12,000.00');
    expect(figure('Available')).toBe('₦9,500.00');
    expect(figure('Paid out')).toBe('₦5,000.00');
    expect(figure('Pending payout')).toBe('₦0.00');
  });

  it('says when the figures cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'User not found', code: 'USER_NOT_FOUND' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    render(
      <AdminContext>
        <SellerBalances userId={999} />
      </AdminContext>,
    );
    await screen.findByText('Failed to fetch balances');
  });
});
