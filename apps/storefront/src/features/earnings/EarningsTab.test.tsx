import type { WalletEntry } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAsAdaObi } from '../../test/fixtures';
import { standInApiForFile } from '../../test/standInApi';
import EarningsTab from './EarningsTab';

const line = (id: string, kind: WalletEntry['kind'], label: string, amount: string, account: WalletEntry['account']): WalletEntry => ({
  id,
  kind,
  label,
  memo: null,
  orderId: 7,
  orderNumber: 'KSW-7',
  amount,
  account,
  createdAt: '2026-11-27T13:05:00.000Z',
});
const entries = [
  line('5', 'withdrawal', 'Withdrawal to your bank', '-3610000', 'available'),
  line('4:release', 'release', 'Released to your available balance', '3610000', 'available'),
  line('4:commission', 'commission', 'Kasuwa commission', '-190000', 'held'),
  line('3', 'sale', 'Sale: paid by the buyer, held', '3800000', 'held'),
];

standInApiForFile({
  'GET /api/wallet': () => [200, { data: { held: '0', available: '0', paidOut: '3610000', pendingPayout: '0', owed: '0' } }],
  'GET /api/wallet/entries': () => [200, { data: entries, meta: { total: 3, page: 1, limit: 20 } }],
  'GET /api/profile/payout-account': () => [200, { data: null }],
  'GET /api/banks': () => [200, { data: [] }],
});
beforeEach(() => signInAsAdaObi());

describe('the Earnings tab’s money history', () => {
  it('one line per movement, each signed: a withdrawal is −₦36,100.00, the commission its own line', async () => {
    render(<EarningsTab />);
    await screen.findByText('Money movements', {}, { timeout: 5000 });
    const rows = screen.getAllByTestId('money-movement').map((li) => li.textContent);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^Withdrawal to your bank · KSW-7.*−₦36,100\.00$/);
    expect(rows[1]).toMatch(/^Released to your available balance.*\+₦36,100\.00$/);
    expect(rows[2]).toMatch(/^Kasuwa commission.*−₦1,900\.00$/);
    expect(rows[3]).toMatch(/^Sale: paid by the buyer, held.*\+₦38,000\.00$/);
  });
});
