import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readCart, subscribeCart, writeCart, type CartLine } from './cartStorage';

let cachedRaw: string | null = null;
let cachedLines: CartLine[] = [];

function snapshot(): CartLine[] {
  const lines = readCart();
  const raw = JSON.stringify(lines);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = lines;
  }
  return cachedLines;
}

const EMPTY: CartLine[] = [];

/** The local cart (spec §4): quantities ≤ 0 remove the line; the total is Σ price × quantity. */
export function useCart() {
  const lines = useSyncExternalStore(subscribeCart, snapshot, () => EMPTY);
  const count = useMemo(() => lines.reduce((n, l) => n + l.quantity, 0), [lines]);
  const total = useMemo(() => lines.reduce((sum, l) => sum + l.price * l.quantity, 0), [lines]);

  const setQuantity = useCallback((id: CartLine['id'], quantity: number) => {
    writeCart(readCart().map((l) => (l.id === id ? { ...l, quantity } : l)).filter((l) => l.quantity > 0));
  }, []);
  const remove = useCallback((id: CartLine['id']) => writeCart(readCart().filter((l) => l.id !== id)), []);
  const clear = useCallback(() => writeCart([]), []);

  return { lines, count, total, setQuantity, remove, clear };
}
