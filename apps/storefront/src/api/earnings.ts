import type { Bank, PayoutAccount, Payout, ResolvedAccount, Wallet, WalletEntry } from '@kasuwa/contracts';
import { call } from './client';

const auth = { requiresAuth: true } as const;

/** The seller's Earnings: balances, movements, withdrawals and the payout account . */
export const earningsApi = {
  wallet: () => call<{ data: Wallet }>({ method: 'GET', url: '/wallet' }, { ...auth, silent: true }),
  entries: (page = 1) =>
    call<{ data: WalletEntry[]; meta: { total: number; page: number; limit: number } }>(
      { method: 'GET', url: '/wallet/entries', params: { page, limit: 20 } },
      { ...auth, silent: true },
    ),
  withdraw: (amountKobo: number, otp?: string) =>
    call<{ data: Payout }>(
      { method: 'POST', url: '/wallet/withdraw', data: { amount: String(amountKobo), otp } },
      { ...auth, fallbackMessage: 'Withdrawal failed', silent: true },
    ),
  banks: () => call<{ data: Bank[] }>({ method: 'GET', url: '/banks' }, { silent: true }),
  account: () => call<{ data: PayoutAccount | null }>({ method: 'GET', url: '/profile/payout-account' }, { ...auth, silent: true }),
  resolve: (bankCode: string, accountNumber: string) =>
    call<ResolvedAccount>(
      { method: 'POST', url: '/profile/payout-account/resolve', data: { bankCode, accountNumber } },
      { ...auth, silent: true, fallbackMessage: 'Could not check the account' },
    ),
  autoPayout: (enabled: boolean) =>
    call<{ data: PayoutAccount }>(
      { method: 'PUT', url: '/profile/payout-account/auto-payout', data: { enabled } },
      { ...auth, silent: true, fallbackMessage: 'Could not change the setting' },
    ),
  save: (bankCode: string, accountNumber: string, otp?: string) =>
    call<{ data: PayoutAccount }>(
      { method: 'PUT', url: '/profile/payout-account', data: { bankCode, accountNumber, otp } },
      { ...auth, silent: true, fallbackMessage: 'Could not save the account' },
    ),
};
