import { render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import type { RefundRequest } from '@kasuwa/contracts';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { openRowDialog, rowsProvider } from '../../test/admin';
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

/**
 * Opens the waiting request's `open` dialog and submits it empty (the `required` text shows and nothing is sent), then
 * with `reason`, and waits for that one update.
 */
async function decideWithReason(update: Mock, texts: { open: string; submit: string; required: string; reason: string }) {
  const before = update.mock.calls.length;
  const { user, dialog } = await openRowDialog('ORD-12', texts.open);
  await user.click(within(dialog).getByRole('button', { name: texts.submit }));
  await within(dialog).findByText(texts.required);
  expect(update).toHaveBeenCalledTimes(before);
  await user.type(within(dialog).getByLabelText(/Reason/), texts.reason);
  await user.click(within(dialog).getByRole('button', { name: texts.submit }));
  await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(before + 1));
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
    const { update } = renderList();
    await decideWithReason(update, {
      open: 'Decline',
      submit: 'Decline',
      required: 'A reason is required to decline',
      reason: 'The video shows it working',
    });
    expect(update.mock.calls[0]).toEqual([
      'refund-requests',
      expect.objectContaining({ id: 2, data: { decision: 'decline', reason: 'The video shows it working' } }),
    ]);

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await decideWithReason(update, {
      open: 'Approve',
      submit: 'Refund ₦9,000.00',
      required: 'A reason is required to approve',
      reason: 'Seller agreed',
    });
    expect(update.mock.calls[1]).toEqual([
      'refund-requests',
      expect.objectContaining({ id: 2, data: { decision: 'approve', reason: 'Seller agreed' } }),
    ]);
  });
});
