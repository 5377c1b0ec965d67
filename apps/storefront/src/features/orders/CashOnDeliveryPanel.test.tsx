import type { Order } from '@kasuwa/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsSeller } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import CashOnDeliveryPanel, { CASH_TEXTS } from './CashOnDeliveryPanel';

const order = {
  id: 8,
  status: 'shipped',
  paidAt: null,
  viewerRole: 'seller',
  deliveryMethod: 'pay_on_delivery',
  totalAmount: '12000.00',
  currency: 'NGN',
  cashReceivedAt: null,
  deliveryRefusedAt: null,
  allowedNext: [],
} as unknown as Order;

const api = standInApiForFile({
  'POST /api/orders/8/cash-received': () => [
    201,
    {
      message: 'Cash received: the order is completed',
      data: { ...order, status: 'completed', cashReceivedAt: '2026-11-28T10:00:00.000Z' },
    },
  ],
  'POST /api/orders/8/delivery-refused': () => [
    201,
    {
      message: 'Refused delivery recorded',
      data: { ...order, status: 'rejected_by_buyer', deliveryRefusedAt: '2026-11-28T10:00:00.000Z' },
    },
  ],
});

describe('pay on delivery on the order page', () => {
  it('tells the buyer what to pay at the door, and nothing to press', () => {
    render(<CashOnDeliveryPanel order={{ ...order, viewerRole: 'buyer' }} role="buyer" onChange={() => undefined} />);
    expect(screen.getByText(CASH_TEXTS.buyerOpen('₦12,000.00'))).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets the seller confirm the cash, after a confirmation naming the amount', async () => {
    signInAsSeller();
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<CashOnDeliveryPanel order={order} role="seller" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: CASH_TEXTS.cash }));
    const dialog = await screen.findByRole('dialog', { name: CASH_TEXTS.cashTitle });
    expect(within(dialog).getByText(CASH_TEXTS.cashText('₦12,000.00'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: CASH_TEXTS.cash }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'completed' })), { timeout: 10_000 });
    expect(api.posts().map((r) => [r.path, r.auth])).toEqual([['/api/orders/8/cash-received', 'Bearer seller-token']]);
  });

  it('lets the seller report a refused delivery with a note; before shipping only the cash can be confirmed', async () => {
    api.received.length = 0;
    signInAsSeller();
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(<CashOnDeliveryPanel order={order} role="seller" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: CASH_TEXTS.refused }));
    const dialog = await screen.findByRole('dialog', { name: CASH_TEXTS.refusedTitle });
    await user.type(within(dialog).getByLabelText(CASH_TEXTS.refusedLabel), 'Wrong colour');
    await user.click(within(dialog).getByRole('button', { name: CASH_TEXTS.refused }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'rejected_by_buyer' })), {
      timeout: 10_000,
    });
    expect(api.posts()[0]?.body).toEqual({ reason: 'Wrong colour' });
    unmount();
    render(<CashOnDeliveryPanel order={{ ...order, status: 'accepted_by_seller' }} role="seller" onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: CASH_TEXTS.cash })).toBeTruthy();
    expect(screen.queryByRole('button', { name: CASH_TEXTS.refused })).toBeNull();
  });
});
