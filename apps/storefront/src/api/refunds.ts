import type { BuyerRefund } from '@kasuwa/contracts';
import { call } from './client';

const auth = { requiresAuth: true, silent: true } as const;

/** The buyer's refunds of an order, and the bank account for one Paystack cannot send back alone (bank transfer / USSD). */
export const refundsApi = {
  forOrder: (orderId: number) =>
    call<{ data: BuyerRefund[] }>({ method: 'GET', url: `/orders/${orderId}/refunds` }, auth).then((r) => r.data),
  giveAccount: (orderId: number, bankCode: string, accountNumber: string) =>
    call<{ data: BuyerRefund }>(
      { method: 'POST', url: `/orders/${orderId}/refund-account`, data: { bankCode, accountNumber } },
      { ...auth, fallbackMessage: 'Could not send your bank account' },
    ),
};
