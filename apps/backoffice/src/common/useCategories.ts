import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { Category } from '@kasuwa/contracts';

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
  const data = useMemo(
    () => [...(first.data ?? []), ...(second.data ?? []), ...(third.data ?? [])],
    [first.data, second.data, third.data],
  );
  return {
    data,
    isPending: first.isPending,
    error: first.error ?? second.error ?? third.error,
    refetch: first.refetch,
  };
}

/** Depth-first order (parents before their children, each level by position), with full-path names. */
export function categoryChoices(rows: readonly CategoryRow[]): CategoryChoice[] {
  const byParent = new Map<number | null, CategoryRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // A parent that is not in the list (should not happen) puts the row at the top level.
    const parent = row.parentCategoryID !== null && ids.has(row.parentCategoryID) ? row.parentCategoryID : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const out: CategoryChoice[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, prefix: string, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const c of children) {
      if (seen.has(c.id)) continue; // a cycle in bad data must not hang the page
      seen.add(c.id);
      const name = prefix ? `${prefix} › ${c.categoryName}` : c.categoryName;
      out.push({ id: c.id, name, depth });
      walk(c.id, name, depth + 1);
    }
  };
  walk(null, '', 0);
  return out;
}

/** Choices for selects plus an id → path lookup. */
export function useCategoryChoices() {
  const { data: rows, isPending, error, refetch } = useAllCategories();
  const choices = useMemo(() => categoryChoices(rows), [rows]);
  const pathOf = useMemo(() => new Map(choices.map((c) => [c.id, c.name])), [choices]);
  return { rows, choices, pathOf, isPending, error, refetch };
}

/** The ids of a category and everything below it (a category cannot become its own descendant's child). */
export function subtreeIds(rows: readonly CategoryRow[], rootId: number): Set<number> {
  const out = new Set<number>([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentCategoryID !== null && out.has(r.parentCategoryID) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
