import type { BuyerRefund, Order } from '@kasuwa/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import RefundAccountPanel from './RefundAccountPanel';

const waiting: BuyerRefund = {
  id: 4,
  amount: '3610000',
  status: 'needs_attention',
  needsAccount: true,
  account: null,
  message: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  settledAt: null,
};
const sent: BuyerRefund = {
  ...waiting,
  status: 'pending',
  needsAccount: false,
  account: { bankName: 'Guaranty Trust Bank', accountNumber: '******6789', accountName: 'ADAEZE OKAFOR' },
};
const order = (id: number) => ({ id }) as Order;

const api = standInApiForFile({
  'GET /api/orders/7/refunds': () => [200, { data: [waiting] }],
  'GET /api/orders/8/refunds': () => [200, { data: [{ ...sent, status: 'processed' }] }],
  'GET /api/orders/9/refunds': () => [200, { data: [{ ...waiting, status: 'pending', needsAccount: false }] }],
  'GET /api/banks': () => [200, { data: [{ name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' }] }],
  'POST /api/profile/payout-account/resolve': () => [201, { bankName: 'Guaranty Trust Bank', accountName: 'ADAEZE OKAFOR' }],
  'POST /api/orders/7/refund-account': () => [201, { message: 'ok', data: sent }],
});
beforeEach(() => signInAsAdaObi());

describe('the buyer’s refund on the order page (refunds for every channel)', () => {
  it('a refund waiting for a bank account asks for one, shows the bank’s name for it, then sends it', async () => {
    render(<RefundAccountPanel order={order(7)} />);
    expect(await screen.findByText(/your refund of ₦36,100\.00 goes to a bank account you choose/, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Guaranty Trust Bank' })).toBeTruthy(), { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(/Bank/), { target: { value: '058' } });
    fireEvent.change(screen.getByLabelText(/Account number/), { target: { value: '0123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('ADAEZE OKAFOR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, send my refund here' }));
    expect(await screen.findByText(/is on its way to ADAEZE OKAFOR, Guaranty Trust Bank \*\*\*\*\*\*6789/)).toBeTruthy();
    expect(api.received.find((r) => r.path === '/api/orders/7/refund-account')?.body).toEqual({
      bankCode: '058',
      accountNumber: '0123456789',
    });
  });

  it('a refund sent to the account says so; a card refund on its way shows nothing here', async () => {
    const { unmount } = render(<RefundAccountPanel order={order(8)} />);
    expect(await screen.findByText(/Your refund of ₦36,100\.00 was sent to ADAEZE OKAFOR/, {}, { timeout: 5000 })).toBeTruthy();
    unmount();
    const { container } = render(<RefundAccountPanel order={order(9)} />);
    await waitFor(() => expect(api.received.some((r) => r.path === '/api/orders/9/refunds')).toBe(true));
    expect(container.textContent).toBe('');
  });
});
