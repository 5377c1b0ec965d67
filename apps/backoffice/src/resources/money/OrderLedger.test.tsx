import { render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { OrderLedger } from './OrderLedger';

const entries = [
  {
    id: '11',
    kind: 'payment',
    ref: 'order:7',
    orderId: 7,
    userId: null,
    memo: 'Payment KSW-7',
    createdAt: '2026-11-20T10:00:00.000Z',
    postings: [
      { account: 'paystack_clearing', amount: '-900000' },
      { account: 'escrow:7', amount: '900000' },
    ],
  },
  {
    id: '12',
    kind: 'release',
    ref: 'order:7',
    orderId: 7,
    userId: 3,
    memo: 'The buyer marked the order completed',
    createdAt: '2026-11-21T10:00:00.000Z',
    postings: [
      { account: 'escrow:7', amount: '-900000' },
      { account: 'kasuwa_commission', amount: '45000' },
      { account: 'seller_available:3', amount: '855000' },
    ],
  },
];

describe('the order page’s ledger', () => {
  it('lists the order’s journal entries, oldest first, and links to the Ledger filtered by the order', async () => {
    const getList = vi.fn(async () => ({ data: entries, total: 2 }));
    render(
      <AdminContext dataProvider={{ getList } as unknown as DataProvider}>
        <OrderLedger orderId={7} />
      </AdminContext>,
    );
    await screen.findByText('The buyer marked the order completed');
    expect(getList).toHaveBeenCalledWith(
      'ledger',
      expect.objectContaining({ filter: { orderId: 7 }, sort: { field: 'id', order: 'ASC' } }),
    );
    expect(screen.getByText('seller_available:3')).toBeTruthy();
    expect(screen.getByText('₦8,550.00')).toBeTruthy();
    expect(screen.getAllByText(/^payment · /)).toHaveLength(1);
    const link = screen.getByRole('link', { name: 'Open in the Ledger' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toMatch(/\/ledger\?filter=\{"orderId":7\}$/);
  });

  it('says so when no money has moved', async () => {
    render(
      <AdminContext dataProvider={{ getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider}>
        <OrderLedger orderId={8} />
      </AdminContext>,
    );
    await screen.findByText('No money has moved for this order.');
  });
});
