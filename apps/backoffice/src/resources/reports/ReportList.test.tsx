import type { AdminReport } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { decideWithNoDefault, openRowDialog, renderInAdmin, rowsProvider } from '../../test/admin';
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
    const { update, dataProvider } = rowsProvider([report]);
    renderInAdmin('reports', <ReportList />, dataProvider);
    const { user, dialog } = await openRowDialog(/iPhone 15 Pro/, 'Decide');
    await decideWithNoDefault(user, dialog, update, {
      unchosen: 'Dismiss and restore the listing',
      reason: 'Seller confirmed by phone',
      choice: /Action/,
      option: 'Block the listing',
    });
    expect(update.mock.calls[0]).toEqual([
      'reports',
      expect.objectContaining({ id: 9, data: { action: 'block_listing', reason: 'Seller confirmed by phone' } }),
    ]);
  });
});
