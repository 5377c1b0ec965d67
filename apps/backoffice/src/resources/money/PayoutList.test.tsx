import { screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../test/admin';
import { failedPayout as payout } from '../../test/fixtures';
import PayoutList from './PayoutList';

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
