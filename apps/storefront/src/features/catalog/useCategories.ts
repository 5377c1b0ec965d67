import type { Category } from '@kasuwa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { useInitialData } from '../../app/initialData';

// Categories change rarely: one download per visit, shared by the home chips and the product form.
let cached: Promise<Category[]> | null = null;

/** Active ones in position order, as the chips and the form show them. */
function shown(list: Category[]): Category[] {
  return list.filter((c) => c.status !== 'inactive').sort((a, b) => a.position - b.position || a.id - b.id);
}

function load(): Promise<Category[]> {
  cached ??= catalogApi
    .categories()
    .then((res) => shown(res.data?.categories ?? []))
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}

export function useCategories() {
  // Embedded by the server with the page: the chips render at once, with no call and no skeleton.
  const embedded = useInitialData().categories;
  const [categories, setCategories] = useState<Category[] | null>(() => (embedded ? shown(embedded) : null));
  if (embedded && !cached && typeof window !== 'undefined') cached = Promise.resolve(categories ?? shown(embedded));
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setError(null);
    load()
      .then((list) => alive && setCategories(list))
      .catch((err: unknown) => alive && setError(err instanceof ApiError ? err.message : 'Failed to load categories.'));
    return () => {
      alive = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { categories, error, loading: !categories && !error, retry };
}
