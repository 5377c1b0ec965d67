import type { LocationList, NigerianState } from '@kasuwa/contracts';
import { call } from '../../api/client';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';

let list: Promise<NigerianState[]> | null = null;

/**
 * The fixed list of states and cities (`GET /api/locations`, cached by the browser for a day), fetched once per page
 * and only once a location field is wanted: it is data, never part of the first-view code.
 */
export function loadLocations(): Promise<NigerianState[]> {
  list ??= call<LocationList>({ method: 'GET', url: '/locations' }, { silent: true })
    .then((body) => body.data)
    .catch((err: unknown) => {
      list = null;
      throw err;
    });
  return list;
}

/** The states (with their cities) once `wanted`; `error` when they could not be loaded, `retry` to try again. */
export function useLocations(wanted = true): { states: NigerianState[] | null; error: boolean; retry: () => void } {
  // Kept for the visit: the list is fixed.
  const { data, error, reload } = useApiQuery(queryKeys.locations(), () => loadLocations(), { enabled: wanted, gcTime: Infinity });
  return { states: data ?? null, error: error !== null, retry: reload };
}

/** The cities of a state id ('' or unknown: none); one helper for the search panel and the product form. */
export { citiesOf } from '@kasuwa/contracts';
