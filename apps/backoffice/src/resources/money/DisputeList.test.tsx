import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decideWithNoDefault, openRowDialog, renderInAdmin, rowsProvider } from '../../test/admin';
import { openDispute as dispute } from '../../test/fixtures';
import DisputeList from './DisputeList';

function renderList() {
  const { update, dataProvider } = rowsProvider([dispute]);
  renderInAdmin('disputes', <DisputeList />, dataProvider);
  return { update };
}

describe('disputes queue', () => {
  it('shows the money and the date in the one format', async () => {
    renderList();
    const row = (await screen.findByText('ORD-12')).closest('tr')!;
    expect(within(row).getByText('₦38,000.00')).toBeTruthy();
    expect(within(row).getByText('27 Nov 2026, 14:05')).toBeTruthy();
  });

  it('a decision has no default: the admin must pick one before anything is sent', async () => {
    const { update } = renderList();
    const { user, dialog } = await openRowDialog('ORD-12', 'Decide');
    await decideWithNoDefault(user, dialog, update, {
      unchosen: 'Release to the seller',
      reason: 'The photos show size 40.',
      choice: /Decision/,
      option: 'Refund the buyer in full',
    });
    expect(update.mock.calls[0]).toEqual([
      'disputes',
      expect.objectContaining({ id: 4, data: { decision: 'refund', reason: 'The photos show size 40.' } }),
    ]);
  });
});
