import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import type { AdminReport } from '@kasuwa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { chooseAndSubmit, renderInAdmin } from '../../test/admin';
import ReportList from './ReportList';

const report: AdminReport = {
  id: 9,
  targetType: 'product',
  targetId: 31,
  reason: 'scam',
  text: 'Asks for payment outside Kasuwa',
  status: 'open',
  action: null,
  decisionReason: null,
  decidedAt: null,
  createdAt: '2026-11-27T13:05:00.000Z',
  reporter: { id: 2, fullName: 'Bisi Ade', email: 'bisi@kasuwa.test' },
  target: { title: 'iPhone 15 Pro, sealed', imageUrl: null, status: 'held', link: null, userId: 7 },
  openReporters: 3,
  weight: 1,
};

describe('reports queue: the Decide dialog', () => {
  it('has no action chosen: "Decide" stays disabled until the admin picks one, then sends it with the reason', async () => {
    const update = vi.fn(async (_resource: string, params: { id: unknown; data: object }) => ({ data: { ...report, ...params.data } }));
    renderInAdmin('reports', <ReportList />, {
      getList: vi.fn(async () => ({ data: [report], total: 1 })),
      update,
    } as unknown as DataProvider);
    const user = userEvent.setup();
    await user.click(within((await screen.findByText(/iPhone 15 Pro/)).closest('tr')!).getByRole('button', { name: 'Decide' }));
    const dialog = screen.getByRole('dialog');
    const decide = () => within(dialog).getByRole('button', { name: 'Decide' }) as HTMLButtonElement;
    // Not "Dismiss and restore the listing" waiting to be clicked through.
    expect(within(dialog).queryByText('Dismiss and restore the listing')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Seller confirmed by phone');
    expect(decide().disabled).toBe(true);
    expect(update).not.toHaveBeenCalled();

    await chooseAndSubmit(user, within(dialog).getByRole('combobox', { name: /Action/ }), 'Block the listing', decide, update);
    expect(update.mock.calls[0]).toEqual([
      'reports',
      expect.objectContaining({ id: 9, data: { action: 'block_listing', reason: 'Seller confirmed by phone' } }),
    ]);
  });
});
