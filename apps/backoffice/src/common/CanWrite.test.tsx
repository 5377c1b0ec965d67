import { screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole } from '@kasuwa/contracts';
import { authProvider } from '../providers/authProvider';
import { renderInAdmin, signInAs, stubResizeObserver } from '../test/admin';
import { failedPayout, openDispute, waitingRefundRequest } from '../test/fixtures';
import DisputeList from '../resources/money/DisputeList';
import PayoutList from '../resources/money/PayoutList';
import { RefundRequests } from '../resources/money/RefundRequests';
import CategoryList from '../resources/categories/CategoryList';

const category = {
  id: 5,
  categoryName: 'Phones',
  slug: 'phones',
  parentCategoryID: null,
  position: 0,
  status: 'active',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const list = (rows: object[]) =>
  ({
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getMany: vi.fn(async () => ({ data: [] })),
  }) as unknown as DataProvider;

/**
 * Write buttons follow the admin's role (authProvider.canAccess over the contracts' ROLE_RULES, the map the API enforces):
 * a support admin reads disputes but decides none and is offered no refund; finance decides, refunds and retries; a
 * finance admin reads categories but cannot add or edit one.
 */
describe('write buttons are hidden from roles that cannot use them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each<[AdminRole, boolean]>([
    ['support', false],
    ['finance', true],
  ])('disputes: %s sees the Decide button: %s', async (role, shown) => {
    signInAs(role);
    renderInAdmin('disputes', <DisputeList />, list([openDispute]), authProvider);
    const row = (await screen.findByText('ORD-12', {}, { timeout: 5000 })).closest('tr')!;
    if (shown) expect(await within(row).findByRole('button', { name: 'Decide' })).toBeTruthy();
    else {
      await within(row).findByText('Open');
      expect(within(row).queryByRole('button', { name: 'Decide' })).toBeNull();
    }
  });

  it.each<[AdminRole, boolean]>([
    ['support', false],
    ['finance', true],
  ])('refund requests: %s is offered Approve/Decline: %s', async (role, shown) => {
    signInAs(role);
    const dataProvider = list([waitingRefundRequest]);
    renderInAdmin('refund-requests', <RefundRequests />, dataProvider, authProvider);
    if (shown) {
      const row = (await screen.findByText('ORD-12', {}, { timeout: 5000 })).closest('tr')!;
      expect(await within(row).findByRole('button', { name: 'Approve' })).toBeTruthy();
      expect(within(row).getByRole('button', { name: 'Decline' })).toBeTruthy();
    } else {
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    }
  });

  it.each<[AdminRole, boolean]>([
    ['support', false],
    ['finance', true],
  ])('payouts: %s is offered Retry on a failed payout: %s', async (role, shown) => {
    stubResizeObserver();
    signInAs(role);
    renderInAdmin('payouts', <PayoutList />, list([failedPayout]), authProvider);
    if (shown) expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeTruthy();
    else {
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    }
  });

  it.each<[AdminRole, boolean]>([
    ['finance', false],
    ['moderator', true],
  ])('categories: %s may add and edit: %s', async (role, shown) => {
    signInAs(role);
    renderInAdmin('categories', <CategoryList />, list([category]), authProvider);
    await screen.findAllByText('Phones', {}, { timeout: 5000 });
    if (shown) {
      expect(await screen.findByRole('button', { name: 'Add category' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Edit category Phones' })).toBeTruthy();
    } else {
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Add category' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit category Phones' })).toBeNull();
    }
  });
});
