import type { Category } from '@kasuwa/contracts';
import { useMemo } from 'react';

/** The fields the tree needs: any category shape both APIs return carries them. */
export type TreeRow = Pick<Category, 'id' | 'categoryName' | 'parentCategoryID' | 'position'>;

export interface CategoryNode<T extends TreeRow = Category> {
  category: T;
  /** 0 for a top-level category. */
  depth: number;
  /** The path from the top, e.g. "Phones & Tablets › Mobile Phones". */
  path: string;
}

/**
 * Depth-first order (parents before their children, each level by position), with full-path names. An orphan
 * (parent missing or filtered out) is shown at the top level rather than lost; a cycle in bad data cannot hang it.
 */
export function categoryTree<T extends TreeRow>(rows: readonly T[]): CategoryNode<T>[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentCategoryID !== null && ids.has(row.parentCategoryID) ? row.parentCategoryID : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const out: CategoryNode<T>[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, prefix: string, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const category of children) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      const path = prefix ? `${prefix} › ${category.categoryName}` : category.categoryName;
      out.push({ category, depth, path });
      walk(category.id, path, depth + 1);
    }
  };
  walk(null, '', 0);
  return out;
}

/** The ids of a category and everything below it (a category cannot become its own descendant's child). */
export function subtreeIds(rows: readonly TreeRow[], rootId: number): Set<number> {
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

/** The tree of the given rows plus an id → path lookup, recomputed only when the rows change. */
export function useCategoryTree<T extends TreeRow>(rows: readonly T[] | null | undefined) {
  const nodes = useMemo(() => categoryTree(rows ?? []), [rows]);
  const pathOf = useMemo(() => new Map(nodes.map((n) => [n.category.id, n.path])), [nodes]);
  return { nodes, pathOf };
}
