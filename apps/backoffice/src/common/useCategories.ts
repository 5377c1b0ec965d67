import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Category } from '@kasuwa/contracts';
import { useCategoryTree } from '@kasuwa/ui/useCategoryTree';

/** A category row as /api/admin/categories returns it (`name` mirrors `categoryName`). */
export type CategoryRow = Category & { name: string };

export interface CategoryChoice {
  id: number;
  /** The path from the top, e.g. "Phones & Tablets › Mobile Phones". */
  name: string;
  depth: number;
}

const PAGE = 100; // the API's largest page

function usePage(page: number, enabled: boolean) {
  return useGetList<CategoryRow>(
    'categories',
    { pagination: { page, perPage: PAGE }, sort: { field: 'position', order: 'ASC' }, filter: {} },
    { enabled, staleTime: 60_000 },
  );
}

/**
 * Every category (up to 300, three pages of the API's largest page), for selects and parent
 * names. Plain react-admin list queries, so creating or deleting a category refetches them.
 */
export function useAllCategories() {
  const first = usePage(1, true);
  const second = usePage(2, (first.total ?? 0) > PAGE);
  const third = usePage(3, (first.total ?? 0) > 2 * PAGE);
  const data = useMemo(() => [...(first.data ?? []), ...(second.data ?? []), ...(third.data ?? [])], [first.data, second.data, third.data]);
  return {
    data,
    isPending: first.isPending,
    error: first.error ?? second.error ?? third.error,
    refetch: first.refetch,
  };
}

/** Choices for selects plus an id → path lookup. */
export function useCategoryChoices() {
  const { data: rows, isPending, error, refetch } = useAllCategories();
  const { nodes, pathOf } = useCategoryTree(rows);
  const choices = useMemo<CategoryChoice[]>(() => nodes.map((n) => ({ id: n.category.id, name: n.path, depth: n.depth })), [nodes]);
  return { rows, choices, pathOf, isPending, error, refetch };
}
