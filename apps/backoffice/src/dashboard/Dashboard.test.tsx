import { screen, within } from '@testing-library/react';
import type { DashboardStats } from '@kasuwa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test/admin';
import Dashboard from './Dashboard';

const stats: DashboardStats = {
  stats: {
    totalUsers: 12,
    totalProducts: 40,
    totalOrders: 9,
    paidOrders: 7,
    revenue: '150000.00',
    daily: '5000.00',
    weekly: '25000.00',
    monthly: '150000.00',
    trends: { daily: 10, weekly: null, monthly: -5 },
    money: {
      gmv: '150000.00',
      commissionEarned: '7500.00',
      commission: { daily: '250.00', weekly: '1250.00', monthly: '7500.00' },
      escrowHeld: '30000.00',
      payoutsPending: '12000.00',
      paidOut: '90000.00',
      refunded: '4000.00',
      refundsPending: '1000.00',
      cashOnDelivery: { orders: 3, amount: '20000.00', owedBySellers: '1500.00' },
    },
  },
  recentData: { orders: [] },
} as DashboardStats;

afterEach(() => vi.unstubAllGlobals());

/** The card (a link or not) whose label is `label`: its whole text. */
const card = async (label: string) => (await screen.findByText(label, {}, { timeout: 15_000 })).closest('.MuiCard-root, a')!;

describe('the dashboard figures', () => {
  it('shows each revenue window and each money card with its amount, caption and link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(stats), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    renderInAdmin('dashboard', <Dashboard />, { getList: vi.fn(async () => ({ data: [], total: 0 })) });

    expect((await card('Daily revenue (last 24 hours)')).textContent).toContain('₦5,000.00');
    expect((await card('Weekly revenue (last 7 days)')).textContent).toContain('₦25,000.00');
    expect((await card('Monthly revenue (last 30 days)')).textContent).toContain('30 days');
    expect((await card('GMV')).textContent).toContain('Goods sold and paid for');
    const commission = await card('Commission earned');
    expect(commission.textContent).toContain('₦7,500.00');
    expect(commission.textContent).toContain('₦250.00 today · ₦1,250.00 this week · ₦7,500.00 this month');
    expect((await card('Held in escrow')).textContent).toContain('₦30,000.00');
    expect((await card('Payouts pending')).textContent).toContain('₦90,000.00 paid out');
    expect((await card('Refunds')).textContent).toContain('₦1,000.00 in progress');
    expect((await card('Cash on delivery')).textContent).toContain('3 orders paid at the door · ₦1,500.00 commission owed');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const path of ['/ledger', '/disputes', '/payouts', '/refunds']) expect(links.some((h) => h?.endsWith(path))).toBe(true);
    expect(links.some((h) => h?.includes('/transactions?filter='))).toBe(true);
  });

  it("a failed load says so, with the server's reason under the title, and Retry", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Database is down' }), { status: 500, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    renderInAdmin('dashboard', <Dashboard />, { getList: vi.fn(async () => ({ data: [], total: 0 })) });
    const alert = (await screen.findByText('Failed to load dashboard data', {}, { timeout: 15_000 })).closest('[role="alert"]')!;
    expect(alert.textContent).toContain('Database is down');
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
