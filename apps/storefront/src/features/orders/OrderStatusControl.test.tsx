import type { Order } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import { statusLabel } from './orderFormat';
import { CANCEL_UNPAID_TEXT, confirmText, OrderStatusControl } from './OrderStatusControl';

const order = {
  id: 42,
  status: 'accepted_by_seller',
  viewerRole: 'seller',
  allowedNext: ['processing', 'rejected_by_seller'],
} as unknown as Order;

const api = standInApiForFile({
  'PATCH /api/orders/42/update/status': ({ body }) => [
    200,
    { message: 'ok', data: { ...order, status: (body as { paymentStatus: string }).paymentStatus, allowedNext: [] } },
  ],
});

describe('the order status control', () => {
  it('offers the role’s statuses, only the allowed ones enabled', () => {
    render(<OrderStatusControl order={order} role="seller" onChange={() => undefined} />);
    const select = screen.getByLabelText('Order status');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent, o.disabled])).toEqual([
      ['accepted_by_seller', statusLabel('accepted_by_seller'), false], // the current one
      ['processing', statusLabel('processing'), false],
      ['rejected_by_seller', statusLabel('rejected_by_seller'), false],
      ['shipped', statusLabel('shipped'), true],
      ['on_the_way', statusLabel('on_the_way'), true],
      ['delivered', statusLabel('delivered'), true],
    ]);
    expect(screen.getByText(`You can set: ${statusLabel('processing')}, ${statusLabel('rejected_by_seller')}`)).toBeTruthy();
  });

  it('is locked, saying why, for the other party', () => {
    render(<OrderStatusControl order={{ ...order, viewerRole: 'buyer' }} role="seller" onChange={() => undefined} />);
    expect((screen.getByLabelText('Order status') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('You are the buyer of this order.')).toBeTruthy();
  });

  it('asks before changing; keeping the status sends nothing, confirming sends the new one', async () => {
    signInAsSeller();
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<OrderStatusControl order={order} role="seller" onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Order status'), 'rejected_by_seller');
    const dialog = await screen.findByRole('dialog', { name: `Mark this order as ${statusLabel('rejected_by_seller')}?` });
    expect(within(dialog).getByText(/its items go back into stock/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: `Keep as ${statusLabel('accepted_by_seller')}` }));
    expect(api.received).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Order status'), 'processing');
    await user.click(await screen.findByRole('button', { name: `Mark as ${statusLabel('processing')}` }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'processing' })));
    expect(api.received.map((r) => [r.method, r.path, r.body, r.auth])).toEqual([
      ['PATCH', '/api/orders/42/update/status', { paymentStatus: 'processing' }, 'Bearer seller-token'],
    ]);
  });

  it('cancelling an unpaid order says nothing was charged, never that the seller stops preparing', async () => {
    const unpaid = {
      ...order,
      status: 'pending',
      paidAt: null,
      viewerRole: 'buyer',
      allowedNext: ['cancelled_by_buyer'],
    } as unknown as Order;
    const user = userEvent.setup();
    render(<OrderStatusControl order={unpaid} role="buyer" onChange={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Order status'), 'cancelled_by_buyer');
    const dialog = await screen.findByRole('dialog', { name: `Mark this order as ${statusLabel('cancelled_by_buyer')}?` });
    expect(within(dialog).getByText(CANCEL_UNPAID_TEXT)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/preparing/);
    // Once paid, cancelling does stop the seller, and the payment comes back.
    expect(confirmText('cancelled_by_buyer', { paidAt: '2026-11-20T10:00:00.000Z' })).toMatch(
      /stop preparing your order and Kasuwa refunds your payment/,
    );
  });
});
