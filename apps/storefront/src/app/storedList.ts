/**
 * A list kept as JSON in local storage (the guest cart, the favourite hearts). `read` cleans what it finds with `clean`
 * (anything hand-edited or left by an older version is dropped rather than crashing the page); `write` stores it and
 * tells this tab (`changedEvent`), other tabs hear the storage event; `subscribe` listens to both; `snapshot` is the list
 * as read, the same array while it is unchanged (for useSyncExternalStore).
 */
/**
 * The one empty list: every stored list's snapshot when it holds nothing, and the server snapshot of the hooks that read
 * them. A hydrated hook whose client snapshot is another object than its server snapshot is re-rendered at once, in a
 * synchronous pass that also hydrates every part below it in one long task (~0.8 s on a slow phone's product page).
 */
export const EMPTY_LIST: never[] = [];

export function storedList<T>(key: string, changedEvent: string, clean: (items: unknown[]) => T[]) {
  const read = (): T[] => {
    try {
      const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? clean(parsed) : [];
    } catch {
      return [];
    }
  };

  const write = (items: T[]): void => {
    try {
      window.localStorage.setItem(key, JSON.stringify(items));
    } catch {
      /* storage full or blocked: the change lasts for this page only */
    }
    window.dispatchEvent(new Event(changedEvent));
  };

  const subscribe = (onChange: () => void): (() => void) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === key) onChange();
    };
    window.addEventListener(changedEvent, onChange);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(changedEvent, onChange);
      window.removeEventListener('storage', onStorage);
    };
  };

  let cachedRaw: string | null = null;
  let cached: T[] = EMPTY_LIST;
  const snapshot = (): T[] => {
    const items = read();
    const raw = JSON.stringify(items);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cached = items.length ? items : EMPTY_LIST;
    }
    return cached;
  };

  return { read, write, subscribe, snapshot };
}
