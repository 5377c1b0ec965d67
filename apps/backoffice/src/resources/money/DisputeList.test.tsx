import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { chooseAndSubmit, renderInAdmin } from '../../test/admin';
import { openDispute as dispute } from '../../test/fixtures';
import DisputeList from './DisputeList';

function renderList() {
  const update = vi.fn(async (_resource: string, params: { id: unknown; data: object }) => ({ data: { ...dispute, ...params.data } }));
  const getList = vi.fn(async () => ({ data: [dispute], total: 1 }));
  renderInAdmin('disputes', <DisputeList />, { getList, update } as unknown as DataProvider);
  return { update };
}

/** The open dispute's "Decide" button, clicked as an admin would. */
async function openDecideDialog() {
  const user = userEvent.setup();
  await user.click(within((await screen.findByText('ORD-12')).closest('tr')!).getByRole('button', { name: 'Decide' }));
  return { user, dialog: screen.getByRole('dialog') };
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
    const { user, dialog } = await openDecideDialog();
    const button = () => within(dialog).getByRole('button', { name: 'Decide' }) as HTMLButtonElement;
    expect(within(dialog).queryByText('Release to the seller')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The photos show size 40.');
    // Nothing chosen: the submit stays disabled, nothing can be sent.
    expect(button().disabled).toBe(true);
    expect(update).not.toHaveBeenCalled();

    await chooseAndSubmit(user, within(dialog).getByRole('combobox', { name: /Decision/ }), 'Refund the buyer in full', button, update);
    expect(update.mock.calls[0]).toEqual([
      'disputes',
      expect.objectContaining({ id: 4, data: { decision: 'refund', reason: 'The photos show size 40.' } }),
    ]);
  });
});
