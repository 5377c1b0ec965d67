import type { Order, RefundRequest } from '@kasuwa/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import RefundRequestPanel from './RefundRequestPanel';

const base: RefundRequest = {
  id: 3,
  orderId: 7,
  orderNumber: 'KSW-7',
  orderStatus: 'rejected_by_buyer',
  buyerId: 1,
  status: 'requested',
  reason: 'Cracked screen',
  orderTotal: '900000',
  held: '900000',
  decisionReason: null,
  decidedAt: null,
  refundId: null,
  refundStatus: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const answers: Record<number, RefundRequest> = {
  7: base,
  8: { ...base, orderId: 8, status: 'declined', decisionReason: 'The photos show no crack', decidedAt: '2026-11-21T10:00:00.000Z' },
  9: { ...base, orderId: 9, status: 'approved', refundId: 5, refundStatus: 'pending', held: '0', decidedAt: '2026-11-21T10:00:00.000Z' },
};
const order = (id: number) => ({ id }) as Order;

const api = standInApiForFile({
  'GET /api/orders/7/refund-request': () => [200, { data: answers[7] }],
  'GET /api/orders/8/refund-request': () => [200, { data: answers[8] }],
  'GET /api/orders/9/refund-request': () => [200, { data: answers[9] }],
  'GET /api/orders/10/refund-request': () => [404, { message: 'This order has no refund request.', code: 'REFUND_REQUEST_NOT_FOUND' }],
});
beforeEach(() => signInAsAdaObi());

describe('the refund request on the order page', () => {
  it('while it waits, the buyer reads their reason and that Kasuwa holds the payment', async () => {
    render(<RefundRequestPanel order={order(7)} role="buyer" />);
    expect(await screen.findByText('Refund requested', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/^You asked for a refund on .*: “Cracked screen”\.$/)).toBeTruthy();
    expect(screen.getByText('Kasuwa keeps holding the payment while an admin reviews the request.')).toBeTruthy();
  });

  it('declined: the admin’s reason; approved: where the refund stands, for the buyer and for the seller', async () => {
    const declined = render(<RefundRequestPanel order={order(8)} role="buyer" />);
    expect(await screen.findByText(/^Refund request declined on /, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Kasuwa’s reason: The photos show no crack')).toBeTruthy();
    declined.unmount();

    const buyer = render(<RefundRequestPanel order={order(9)} role="buyer" />);
    expect(await screen.findByText(/^Refund approved on /, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The refund is on its way to you; banks usually take a few working days.')).toBeTruthy();
    buyer.unmount();

    render(<RefundRequestPanel order={order(9)} role="seller" />);
    expect(await screen.findByText(/^The buyer asked for a refund on /, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The buyer is refunded from the payment Kasuwa held; nothing is paid out to you for this order.')).toBeTruthy();
  });

  it('an order without a request shows nothing', async () => {
    const { container } = render(<RefundRequestPanel order={order(10)} role="buyer" />);
    await waitFor(() => expect(api.received.some((r) => r.path === '/api/orders/10/refund-request')).toBe(true), { timeout: 5000 });
    expect(container.textContent).toBe('');
  });
});
