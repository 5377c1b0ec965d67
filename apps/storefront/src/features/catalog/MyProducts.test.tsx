import type { Product } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listingSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { saveSession } from '../auth/session';
import { MyProducts } from './MyProducts';

const listing = (id: number, productName: string, productStatus: Product['productStatus']): Product =>
  ({
    id,
    productName,
    productPrice: '52000.00',
    productCurrency: 'NGN',
    productLocation: 'Ikeja, Lagos',
    productType: 'used',
    productCondition: 'nigerian_used',
    productStatus,
    productImages: [],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    userID: 3,
    user: listingSeller(),
  }) as unknown as Product;

const api = standInApiForFile({
  'GET /api/products/user/in': () => [200, { data: [listing(7, 'tecno spark 10', 'active'), listing(8, 'infinix hot 30', 'withdrawn')] }],
  'PUT /api/products/edit/7': () => [200, { success: true, data: listing(7, 'tecno spark 10', 'withdrawn') }],
});

describe("the seller's Products tab", () => {
  it('offers Withdraw on a listing on sale and Put back on sale on a withdrawn one; withdrawing sends the status', async () => {
    saveSession('user-token', { email: 'sade@kasuwa.test', fullName: 'Sade Adeyemi', profileImage: null, userId: 3 });
    render(<MyProducts />);
    const withdraw = await screen.findByRole('button', { name: 'Withdraw Tecno Spark 10 from sale' }, { timeout: 15_000 });
    expect(withdraw.textContent).toBe('Withdraw');
    expect(screen.getByRole('button', { name: 'Put Infinix Hot 30 back on sale' }).textContent).toBe('Put back on sale');
    expect(screen.queryByRole('button', { name: 'Put Tecno Spark 10 back on sale' })).toBeNull();

    await userEvent.setup().click(withdraw);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Put Tecno Spark 10 back on sale' })).toBeTruthy(), {
      timeout: 15_000,
    });
    const put = api.received.filter((r) => r.method === 'PUT' && r.path === '/api/products/edit/7');
    expect(put).toHaveLength(1);
    expect(String(put[0].body)).toContain('withdrawn');
  });
});
