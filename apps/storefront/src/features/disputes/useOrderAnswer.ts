import { useEffect, useState } from 'react';

/**
 * What the API says about one order's dispute or refund request: undefined while loading, null when there is none (or
 * it could not be read: the panel then shows nothing rather than an error over the order page). The setter takes a
 * fresh answer after the user acts.
 */
export function useOrderAnswer<T>(load: (orderId: number) => Promise<T | null>, orderId: number) {
  const [answer, setAnswer] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    load(orderId).then(
      (a) => alive && setAnswer(a),
      () => alive && setAnswer(null),
    );
    return () => {
      alive = false;
    };
  }, [load, orderId]);
  return [answer, setAnswer] as const;
}
