import type { LocationList, NigerianState } from '@kasuwa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/client';

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
  const [states, setStates] = useState<NigerianState[] | null>(null);
  const [error, setError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || states) return;
    let live = true;
    setError(false);
    loadLocations().then(
      (s) => live && setStates(s),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { states, error, retry };
}

/** The cities of a state id ('' or unknown: none); one helper for the search panel and the product form. */
export { citiesOf } from '@kasuwa/contracts';
