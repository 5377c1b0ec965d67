import { Suspense, useEffect, useState, type ReactNode } from 'react';

/*
 * A part of a server-rendered page that React hydrates on its own: a Suspense boundary. React 19 hydrates the
 * page's shell first, then its boundaries in interruptible work (the browser paints and answers taps between two
 * slices of it), and a boundary the user taps, types into or clicks first: the event is replayed once that part has
 * hydrated (selective hydration). The server renders the parts complete (entry-server.tsx waits for them all), so
 * no fallback ever shows on a server-rendered page; in a page the browser renders itself they render at once.
 *
 * The parts are counted so that the page can tell when the last one has hydrated (afterParts: the page's
 * data-hydrated mark, and the real clock for "time ago").
 */

interface Token {
  hydrated: boolean;
}

const waiting = new Set<Token>();
const whenDone: Array<() => void> = [];

function settle(): void {
  if (waiting.size === 0) whenDone.splice(0).forEach((done) => done());
}

/** Runs `done` once no part rendered so far is waiting to hydrate (at once when none is). */
export function afterParts(done: () => void): void {
  whenDone.push(done);
  settle();
}

/** Last inside the boundary: its effect runs in the commit that hydrated the part, after those of the parts inside. */
function Hydrated({ token }: { token: Token }): null {
  useEffect(() => {
    token.hydrated = true;
    waiting.delete(token);
    settle();
  }, [token]);
  return null;
}

export function Part({ children }: { children: ReactNode }) {
  const [token] = useState<Token>(() => ({ hydrated: false }));
  // Runs when the part around this one (or the shell) commits, while this one may still be server HTML; in a page
  // the browser renders itself it runs after Hydrated's (a child's effect runs first), and then nothing waits.
  useEffect(() => {
    if (!token.hydrated) waiting.add(token);
    return () => void waiting.delete(token);
  }, [token]);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated token={token} />
    </Suspense>
  );
}
