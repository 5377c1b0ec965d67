import { screen, within } from '@testing-library/react';
import type { Order } from '@kasuwa/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderListPage, stubResizeObserver } from '../../test/admin';
import { shippedOrder as order } from '../../test/fixtures';
import OrderList from './OrderList';

beforeAll(stubResizeObserver);
afterEach(() => vi.unstubAllGlobals());

/** Phones: every media query below md matches (MUI's useMediaQuery reads window.matchMedia). */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
}

function renderList(rows: Order[]) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  renderListPage('orders', OrderList, { getList });
  return { getList };
}

describe('Orders list', () => {
  it('desktop: a DataGrid paged and sorted on the server, newest first, 10 a page', async () => {
    const { getList } = renderList([order]);
    const grid = await screen.findByRole('grid', { name: 'Orders' }, { timeout: 20_000 }); // the grid's chunk loads lazily
    await within(grid).findByText('ORD-7');
    for (const name of ['Order number', 'Buyer', 'Seller', 'Total', 'Status', 'Payment status', 'Carrier', 'Tracking', 'Date']) {
      expect(within(grid).getByRole('columnheader', { name: new RegExp(name) })).toBeTruthy();
    }
    // Views waits in the column chooser (ten columns do not fit at 1280 px); the row opens the seller view.
    expect(within(grid).queryByRole('columnheader', { name: /Views/ })).toBeNull();
    // Tracking on shipped orders: the carrier, and the number linking to the carrier's page in a new tab.
    expect(within(grid).getByText('DHL')).toBeTruthy();
    const tracking = within(grid).getByRole('link', { name: /Tracking number 1029384756 of order ORD-7/ });
    expect(tracking.getAttribute('href')).toBe(order.trackingUrl);
    expect(tracking.getAttribute('target')).toBe('_blank');
    expect(tracking.getAttribute('rel')).toContain('noopener');
    expect(within(grid).getByText('Ada Obi')).toBeTruthy();
    expect(within(grid).getByText('ada@kasuwa.test')).toBeTruthy();
    // No name: the email stands alone, once.
    expect(within(grid).getAllByText('musa@kasuwa.test')).toHaveLength(1);
    expect(getList).toHaveBeenCalledWith(
      'orders',
      expect.objectContaining({ pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' } }),
    );
    // The product's status filters stay above the grid.
    expect(screen.getByRole('tablist', { name: 'Filter orders by status' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search orders by order number, first name or email' })).toBeTruthy();
  });

  it("desktop: the product's empty line in the grid, not as a status region inside it", async () => {
    renderList([]);
    const grid = await screen.findByRole('grid', { name: 'Orders' }, { timeout: 20_000 }); // the grid's chunk loads lazily
    const text = await within(grid).findByText('No orders found');
    expect(within(grid).getByText('Try another search or status.')).toBeTruthy();
    expect(text.closest('[role="status"]')).toBeNull();
  });

  it('phone: one card per order with both view links, no grid', async () => {
    asPhone();
    renderList([order]);
    const card = (await screen.findByRole('heading', { name: 'ORD-7' })).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Buyer view of order ORD-7' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Seller view of order ORD-7' })).toBeTruthy();
    expect(within(card).getByText(/Seller: musa@kasuwa.test/)).toBeTruthy();
    expect(within(card).getByText(/Carrier: DHL/)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('phone: the empty line as a status when the server finds none', async () => {
    asPhone();
    renderList([]);
    expect((await screen.findByText('No orders found')).closest('[role="status"]')).toBeTruthy();
  });
});
