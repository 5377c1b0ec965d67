import type { Category } from '@kasuwa/contracts';
import { catalogApi } from '../../api/catalog';
import { useApiQuery } from '../../app/apiQuery';
import { useInitialData } from '../../app/initialData';
import { queryKeys } from '../../app/queryKeys';

/** Active ones in position order, as the chips and the form show them. */
function shown(list: Category[]): Category[] {
  return list.filter((c) => c.status !== 'inactive').sort((a, b) => a.position - b.position || a.id - b.id);
}

// Categories change rarely: one download per visit (never stale, never dropped), shared by the home chips and the product form.
export function useCategories() {
  // Embedded by the server with the page: the chips render at once, with no call and no skeleton.
  const embedded = useInitialData().categories;
  const { data, error, reload } = useApiQuery(
    queryKeys.categories(),
    async () => shown((await catalogApi.categories()).data?.categories ?? []),
    { initialData: embedded ? shown(embedded) : undefined, gcTime: Infinity, failedText: 'Failed to load categories.' },
  );
  // While "Try again" runs, the error gives way to the loading state.
  return { categories: data ?? null, error, loading: !data && !error, retry: reload };
}
