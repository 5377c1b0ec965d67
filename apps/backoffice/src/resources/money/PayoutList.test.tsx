import { screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import type { Payout } from '@kasuwa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../test/admin';
import PayoutList from './PayoutList';

const payout: Payout = {
  id: 3,
  userId: 7,
  reference: 'PO-3',
  amount: '-3800000',
  status: 'failed',
  transferCode: null,
  retriedAs: null,
  message: null,
  createdAt: '2026-11-27T13:05:00.000Z',
  settledAt: null,
};

describe('payouts list', () => {
  it('names the seller, linked to their page, instead of a raw id', async () => {
    const getList = vi.fn(async () => ({ data: [payout], total: 1 }));
    const getMany = vi.fn(async () => ({ data: [{ id: 7, fullName: 'Musa Bello', email: 'musa@kasuwa.test' }] }));
    renderInAdmin('payouts', <PayoutList />, { getList, getMany } as unknown as DataProvider);
    const row = (await screen.findByText('PO-3')).closest('tr')!;
    const seller = await within(row).findByRole('link', { name: 'Musa Bello' });
    expect(seller.getAttribute('href')).toMatch(/\/users\/7$/);
    expect(getMany).toHaveBeenCalledWith('users', expect.objectContaining({ ids: [7] }));
    expect(within(row).getByText('\u2212₦38,000.00')).toBeTruthy();
    expect(within(row).getByText('27 Nov 2026, 14:05')).toBeTruthy();
  });
});
