import type { Product, ProductList, ProductQuery } from '@kasuwa/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { InitialDataContext, type InitialData } from '../../app/initialData';
import { standInApiForFile } from '../../test/standInApi';
import { toResults, useProductSearch } from './useProductSearch';

const product = (id: number) => ({ id, productName: `Item ${id}` }) as unknown as Product;
const page = (ids: number[], total: number, nextCursor: string | null): ProductList => ({
  data: ids.map(product),
  meta: { total, nextCursor, limit: 2, totalIsEstimate: false, correctedSearch: null, didYouMean: null },
});
const QUERY: ProductQuery = { search: 'yam', limit: 2 } as ProductQuery;

const api = standInApiForFile({
  // The stand-in does not see query strings: odd calls answer page 1 (items 1 and 2), even ones the next page,
  // which repeats item 2 (it moved while paging) and adds 3.
  'GET /api/products': () => (calls() % 2 === 1 ? [200, page([1, 2], 3, 'c2')] : [200, page([2, 3], 3, null)]),
});

const calls = () => api.received.filter((r) => r.path === '/api/products').length;

describe('useProductSearch (react-query)', () => {
  it('renders the page the server embedded at once, without asking for it again', async () => {
    const data: InitialData = { products: { query: JSON.stringify(QUERY), list: page([7], 1, null) } };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <InitialDataContext.Provider value={data}>{children}</InitialDataContext.Provider>
    );
    const before = calls();
    const { result } = renderHook(() => useProductSearch(QUERY, 'embedded-entry'), { wrapper });
    expect(result.current.loading).toBe(false);
    expect(result.current.results?.items.map((p) => p.id)).toEqual([7]);
    await new Promise((done) => setTimeout(done, 50));
    expect(calls()).toBe(before);
  });

  it('loads the first page, then appends the next one, showing a listing that moved pages once', async () => {
    const { result } = renderHook(() => useProductSearch(QUERY, 'fresh-entry'));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.results?.items.map((p) => p.id)).toEqual([1, 2]));
    expect(result.current.results?.nextCursor).toBe('c2');
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.results?.items.map((p) => p.id)).toEqual([1, 2, 3]));
    expect(result.current.results?.nextCursor).toBeNull();
    expect(result.current.results?.total).toBe(3);
  });
});

describe('a short page of full matches topped up with partial ones', () => {
  const withMeta = (meta: Partial<ProductList['meta']>) => ({
    pages: [{ ...page([1, 2, 3], 3, null), meta: { ...page([1, 2, 3], 3, null).meta, ...meta } }],
    pageParams: [null],
  });
  it('says where the partial matches start', () => {
    expect(toResults(withMeta({ partialFrom: 1 })).partialFrom).toBe(1);
  });
  it('none when every result matches every word, or when all of them are partial (the status line says so)', () => {
    expect(toResults(withMeta({})).partialFrom).toBeNull();
    expect(toResults(withMeta({ partial: true, partialFrom: 0 })).partialFrom).toBeNull();
  });
});
