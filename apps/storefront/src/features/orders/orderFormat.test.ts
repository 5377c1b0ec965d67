import { describe, expect, it } from 'vitest';
import { orderPaymentText } from './orderFormat';

describe('the order’s payment as a person reads it', () => {
  it('a refunded order says Refunded, never “Refund due”', () => {
    expect(orderPaymentText({ paymentStatus: 'refund_due', refundState: 'refunded' })).toEqual({ label: 'Refunded', tone: 'success' });
    expect(orderPaymentText({ paymentStatus: 'refund_due', refundState: 'on_its_way' })).toEqual({
      label: 'Refund on its way',
      tone: 'info',
    });
    expect(orderPaymentText({ paymentStatus: 'refund_due', refundState: 'needs_account' })).toEqual({
      label: 'Refund waiting for a bank account',
      tone: 'warning',
    });
  });

  it('a refund not started (or failed, for support to retry) is still due; other payments keep their label', () => {
    expect(orderPaymentText({ paymentStatus: 'refund_due', refundState: null }).label).toBe('Refund due');
    expect(orderPaymentText({ paymentStatus: 'refund_due', refundState: 'failed' }).label).toBe('Refund due');
    expect(orderPaymentText({ paymentStatus: 'paid', refundState: null })).toEqual({ label: 'Paid', tone: 'success' });
  });
});
