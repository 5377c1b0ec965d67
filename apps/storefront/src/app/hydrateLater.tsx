import { Suspense, useRef, type ReactNode } from 'react';

/*
 * Hydration in slices. Preact hydrates a page in one go (it has no time slicing): on a slow phone the whole home
 * page was one task of several hundred milliseconds, all of it blocking time. A part wrapped in <HydrateLater>
 * keeps its server HTML through the first pass and hydrates in a task of its own afterwards, one part per task,
 * top to bottom, with the browser free to paint and answer taps in between. Parts may nest: a part hydrating in its
 * task leaves the parts inside it to the next tasks (in page order, before the parts after it), so no task holds
 * more than one part's own components. Only the first hydration of a server-rendered page is sliced; every later
 * render (and a page the browser renders itself) is plain.
 */

interface Slice {
  done: boolean;
  promise: Promise<void>;
  open: () => void;
}

let slicing = false;
/** While a part hydrates (its task): where the parts inside it go in the queue (next, in page order); else null. */
let nestAt: number | null = null;
const queue: Slice[] = [];
let pending = 0;
const whenDone: Array<() => void> = [];

/** Slices the parts rendered from now on (boot.tsx, just before it hydrates the server's HTML). */
export function startSlicedHydration(): void {
  slicing = true;
}

/** Called once the first pass has run: parts created later (a page the user opens next) render at once. */
export function endSlicing(): void {
  slicing = false;
  if (queue.length) scheduleNext();
}

/** Runs `done` once every sliced part has hydrated (at once when none is waiting). */
export function afterSlices(done: () => void): void {
  if (pending === 0 && queue.length === 0) done();
  else whenDone.push(done);
}

export function nextTask(run: () => void): void {
  // A macrotask, so the browser can paint and handle input between two parts.
  setTimeout(run, 0);
}

function scheduleNext(): void {
  nextTask(() => {
    const slice = queue.shift();
    if (!slice) return;
    slice.done = true;
    nestAt = 0;
    slice.open();
    // The part re-renders (hydrates) as its promise settles; the next one waits for the task after that.
    void slice.promise.then(() =>
      nextTask(() => {
        nestAt = null;
        pending -= 1;
        if (queue.length) scheduleNext();
        else if (pending === 0) whenDone.splice(0).forEach((f) => f());
      }),
    );
  });
}

function newSlice(): Slice {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  const slice = { done: false, promise, open };
  if (nestAt === null) queue.push(slice);
  else queue.splice(nestAt++, 0, slice);
  pending += 1;
  return slice;
}

function Gate({ slice, children }: { slice: Slice | null; children: ReactNode }) {
  if (slice && !slice.done) throw slice.promise;
  return <>{children}</>;
}

/**
 * Hydrates its children in a later task. They must render exactly one element at the top (the server HTML kept
 * through the first pass is that one element).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const slice = useRef<Slice | null | undefined>(undefined);
  if (slice.current === undefined) slice.current = slicing || nestAt !== null ? newSlice() : null;
  return (
    <Suspense fallback={null}>
      <Gate slice={slice.current}>{children}</Gate>
    </Suspense>
  );
}
