import type { Category } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { useInitialData } from '../../app/initialData';
import { useAppQueryClient } from '../../app/queryClient';

/** Active ones in position order, as the chips and the form show them. */
function shown(list: Category[]): Category[] {
  return list.filter((c) => c.status !== 'inactive').sort((a, b) => a.position - b.position || a.id - b.id);
}

// Categories change rarely: one download per visit (never stale, never dropped), shared by the home chips and the product form.
export function useCategories() {
  // Embedded by the server with the page: the chips render at once, with no call and no skeleton.
  const embedded = useInitialData().categories;
  const { data, error, isFetching, refetch } = useQuery(
    {
      queryKey: ['categories'],
      queryFn: async () => shown((await catalogApi.categories()).data?.categories ?? []),
      initialData: embedded ? () => shown(embedded) : undefined,
      gcTime: Infinity,
    },
    useAppQueryClient(),
  );
  // While "Try again" runs, the error gives way to the loading state.
  const message = error && !isFetching ? (error instanceof ApiError ? error.message : 'Failed to load categories.') : null;
  const retry = useCallback(() => void refetch(), [refetch]);
  return { categories: data ?? null, error: message, loading: !data && !message, retry };
}
