import { useEffect, useState } from 'react';

export const TYPE_MS = 150;
export const DELETE_MS = 75;
export const PAUSE_MS = 1500;

/**
 * Shows the first phrase, then deletes it and types each next phrase a character at a time, pauses, deletes it, then moves to the next (the product constants
 * timings). With `frozen` (reduced-motion users) it simply shows the first phrase.
 */
export function useTypedText(phrases: readonly string[], frozen = false): string {
  const [index, setIndex] = useState(0);
  // The first phrase starts fully typed: the server-rendered page shows a real headline at once
  // (nothing grows or reflows while the first screen paints), then the cycle goes on as usual.
  const [length, setLength] = useState(() => phrases[0]?.length ?? 0);
  const [deleting, setDeleting] = useState(false);
  const phrase = phrases[index % phrases.length] ?? '';

  useEffect(() => {
    if (frozen) return;
    let delay = deleting ? DELETE_MS : TYPE_MS;
    if (!deleting && length === phrase.length) delay = PAUSE_MS;
    const timer = window.setTimeout(() => {
      if (!deleting && length === phrase.length) setDeleting(true);
      else if (deleting && length === 0) {
        setDeleting(false);
        setIndex((i) => (i + 1) % phrases.length);
      } else setLength((n) => n + (deleting ? -1 : 1));
    }, delay);
    return () => window.clearTimeout(timer);
  }, [frozen, deleting, length, phrase, phrases.length]);

  return frozen ? (phrases[0] ?? '') : phrase.slice(0, length);
}
