import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session';

// useSyncExternalStore needs a stable snapshot: re-read storage only when something announced a change.
let cached: Session | null | undefined;
let cachedKey = '';

function snapshot(): Session | null {
  const next = readSession();
  const key = JSON.stringify(next);
  if (cached === undefined || key !== cachedKey) {
    cached = next;
    cachedKey = key;
  }
  return cached;
}

/** The current session (null when signed out); re-renders on sign-in, sign-out and profile changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
