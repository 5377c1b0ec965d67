import { describe, expect, it } from 'vitest';
import { transactionMoney } from './TransactionList';

describe('transactions grid amounts', () => {
  it('signs money out as the export does: payments plus, refunds and payouts minus', () => {
    expect(transactionMoney({ type: 'payment', amount: '36100.00', currency: 'NGN' })).toBe('₦36,100.00');
    expect(transactionMoney({ type: 'refund', amount: '36100.00', currency: 'NGN' })).toBe('\u2212₦36,100.00');
    expect(transactionMoney({ type: 'payout', amount: '1000.00', currency: 'NGN' })).toBe('\u2212₦1,000.00');
  });
});
