import { act, renderHook, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderList from '../resources/orders/OrderList';
import { renderListPage, stubResizeObserver } from '../test/admin';
import { shippedOrder } from '../test/fixtures';
import { useGridColumnPrefs } from './useGridColumnPrefs';

const columns: GridColDef[] = [
  { field: 'user', headerName: 'User', flex: 1, minWidth: 140 },
  { field: 'reference', headerName: 'Reference', width: 130 },
];

beforeAll(stubResizeObserver);
beforeEach(() => localStorage.clear());

describe('grid column choices', () => {
  it('hidden columns and dragged widths outlive a reload, per grid', () => {
    const first = renderHook(() => useGridColumnPrefs('Transactions', columns));
    act(() => first.result.current.onColumnVisibilityModelChange({ reference: false }));
    act(() => first.result.current.onColumnWidthChange({ colDef: columns[0], width: 301.6 }));
    first.unmount();

    // A reload: a new hook reads what was chosen.
    const again = renderHook(() => useGridColumnPrefs('Transactions', columns));
    expect(again.result.current.columnVisibilityModel).toEqual({ reference: false });
    expect(again.result.current.columns[0]).toMatchObject({ field: 'user', width: 302, flex: undefined, minWidth: 140 });
    expect(again.result.current.columns[1]).toBe(columns[1]);
    // Another grid keeps its own columns.
    const other = renderHook(() => useGridColumnPrefs('Orders', columns));
    expect(other.result.current.columnVisibilityModel).toEqual({});
  });

  it('columns hidden by default stay hidden until the admin chooses; their choice then wins', () => {
    const first = renderHook(() => useGridColumnPrefs('Transactions', columns, ['reference']));
    expect(first.result.current.columnVisibilityModel).toEqual({ reference: false });
    act(() => first.result.current.onColumnVisibilityModelChange({}));
    first.unmount();
    const again = renderHook(() => useGridColumnPrefs('Transactions', columns, ['reference']));
    expect(again.result.current.columnVisibilityModel).toEqual({});
  });

  it('unreadable storage falls back to the grid’s own columns', () => {
    localStorage.setItem('kasuwa:grid-columns:Orders', '{not json');
    const { result } = renderHook(() => useGridColumnPrefs('Orders', columns));
    expect(result.current.columns).toEqual(columns);
  });

  it('the Orders grid opens with the columns the admin hid last time hidden (and shows Views, hidden by default, once they chose it)', async () => {
    localStorage.setItem('kasuwa:grid-columns:Orders', JSON.stringify({ hidden: { paymentStatus: false }, widths: {} }));
    renderListPage('orders', OrderList, { getList: vi.fn(async () => ({ data: [shippedOrder], total: 1 })) });
    const grid = await screen.findByRole('grid', { name: 'Orders' }, { timeout: 20_000 });
    await within(grid).findByText('ORD-7');
    expect(within(grid).getByRole('columnheader', { name: /Total/ })).toBeTruthy();
    expect(within(grid).getByRole('columnheader', { name: /Views/ })).toBeTruthy();
    expect(within(grid).queryByRole('columnheader', { name: /Payment status/ })).toBeNull();
  });
});
