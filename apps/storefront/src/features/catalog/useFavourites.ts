import { STORAGE_KEYS } from '@kasuwa/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/** Favourites stay on this device (spec §4, DECISIONS.md): a list of product ids in local storage. */
const CHANGED_EVENT = 'kasuwa:favourites-changed';

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.favourites) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

let cachedRaw: string | null = null;
let cached: number[] = [];
function snapshot(): number[] {
  const ids = read();
  const raw = JSON.stringify(ids);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = ids;
  }
  return cached;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.favourites) onChange();
  };
  window.addEventListener(CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: number[] = [];

export function useFavourite(id: number): [boolean, () => boolean] {
  const ids = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const toggle = useCallback(() => {
    const current = read();
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    try {
      window.localStorage.setItem(STORAGE_KEYS.favourites, JSON.stringify(next));
    } catch {
      /* storage blocked: the toggle lasts for this page only */
    }
    window.dispatchEvent(new Event(CHANGED_EVENT));
    return next.includes(id);
  }, [id]);
  return [ids.includes(id), toggle];
}
