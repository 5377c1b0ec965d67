import { screen, within } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import type { AdminRole, RiskSignal } from '@kasuwa/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderListPage, stubResizeObserver } from '../../test/admin';
import RiskSignalList from './RiskSignalList';

const base = {
  userEmail: 'ada@kasuwa.test',
  state: 'open',
  details: {},
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
} as const;
const listing: RiskSignal = {
  ...base,
  id: 1,
  rule: 'new_account_price',
  targetType: 'product',
  targetId: 9,
  userId: 4,
  hold: 'listing',
  reason: 'A new account priced far above its category.',
  decider: 'moderator',
};
const payout: RiskSignal = {
  ...base,
  id: 2,
  rule: 'payout_change_withdrawal',
  targetType: 'user',
  targetId: 5,
  userId: 5,
  hold: 'withdrawal',
  reason: 'Payout account changed, then a withdrawal.',
  decider: 'finance',
};

beforeAll(stubResizeObserver);

function renderAs(role: AdminRole) {
  const getList = vi.fn(async () => ({ data: [listing, payout], total: 2 }));
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ role, twoFactorEnabled: false, mustEnrol: false }),
    canAccess: async () => true,
  };
  renderListPage('risk-signals', RiskSignalList, { getList }, authProvider);
  return { getList };
}

describe('Risk list', () => {
  it('a DataGrid with rule, reason and what is held; a moderator decides the listing hold, not the withdrawal hold', async () => {
    const { getList } = renderAs('moderator');
    const grid = await screen.findByRole('grid', { name: 'Risk' }, { timeout: 20_000 });
    await within(grid).findByText('A new account priced far above its category.');
    expect(within(grid).getByText('Listing held')).toBeTruthy();
    expect(within(grid).getByText('Withdrawals held')).toBeTruthy();
    expect(await within(grid).findByRole('button', { name: 'Clear signal 1' }, { timeout: 5000 })).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Confirm signal 1' })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Clear signal 2' })).toBeNull();
    expect(within(grid).getByText('Open · for finance')).toBeTruthy();
    expect(getList).toHaveBeenCalledWith('risk-signals', expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }));
    // Filters by rule and state.
    expect(screen.getByLabelText('Rule')).toBeTruthy();
    expect(screen.getByLabelText('State')).toBeTruthy();
  });

  it('finance decides the withdrawal hold only', async () => {
    renderAs('finance');
    const grid = await screen.findByRole('grid', { name: 'Risk' }, { timeout: 20_000 });
    expect(await within(grid).findByRole('button', { name: 'Clear signal 2' }, { timeout: 5000 })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Clear signal 1' })).toBeNull();
  });
});
