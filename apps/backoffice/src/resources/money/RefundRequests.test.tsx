import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import type { RefundRequest } from '@kasuwa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { rowsProvider } from '../../test/admin';
import { refundRequestBase, waitingRefundRequest } from '../../test/fixtures';
import { RefundRequests } from './RefundRequests';

const rows: RefundRequest[] = [
  waitingRefundRequest,
  {
    ...refundRequestBase,
    id: 1,
    orderId: 11,
    orderNumber: 'ORD-11',
    status: 'approved',
    reason: 'Broken',
    held: '0',
    refundId: 5,
    refundStatus: 'processed',
    decisionReason: 'Seller agreed',
  },
];

function renderList() {
  const { update, getList, dataProvider } = rowsProvider(rows);
  render(
    <AdminContext dataProvider={dataProvider}>
      <RefundRequests />
    </AdminContext>,
  );
  return { update, getList };
}

describe('refund requests on the Refunds screen', () => {
  it('lists requests with their status; a decided one shows the outcome and has no buttons', async () => {
    const { getList } = renderList();
    const waiting = (await screen.findByText('ORD-12')).closest('tr')!;
    expect(within(waiting).getByRole('button', { name: 'Approve' })).toBeTruthy();
    const decided = screen.getByText('ORD-11').closest('tr')!;
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(within(decided).getByText('Approved · refund processed: Seller agreed')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith('refund-requests', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });

  it('declining and approving need a reason; each sends the decision with it', async () => {
    const user = userEvent.setup();
    const { update } = renderList();
    const waiting = (await screen.findByText('ORD-12')).closest('tr')!;
    await user.click(within(waiting).getByRole('button', { name: 'Decline' }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await within(dialog).findByText('A reason is required to decline');
    expect(update).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'The video shows it working');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]).toEqual([
      'refund-requests',
      expect.objectContaining({ id: 2, data: { decision: 'decline', reason: 'The video shows it working' } }),
    ]);

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByText('ORD-12').closest('tr')!).getByRole('button', { name: 'Approve' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦9,000.00' }));
    await within(dialog).findByText('A reason is required to approve');
    expect(update).toHaveBeenCalledTimes(1);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Seller agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦9,000.00' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]).toEqual([
      'refund-requests',
      expect.objectContaining({ id: 2, data: { decision: 'approve', reason: 'Seller agreed' } }),
    ]);
  });
});
