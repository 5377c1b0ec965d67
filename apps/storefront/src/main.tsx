/*
 * The entry script, a few hundred bytes. A page the server rendered is complete without any script, so the
 * app (React, the router, MUI, the page's chunk: ~210 kB gzip) is only asked for once the first screen has loaded
 * (its photos) and painted: on slow mobile data the photos get the bandwidth first, and the phone's CPU
 * paints before it parses and hydrates. Pages without a server rendering (forms, signed-in pages) start at once.
 */
import { DATA_SCRIPT_ID, TAP_KEY } from './app/dataScriptId';

/** Longest wait for the first screen's photos: one that never arrives must not keep the page from working. */
const MAX_WAIT_MS = 4000;

function firstScreenShown(): Promise<void> {
  return new Promise((done) => {
    // After the next frame has painted (a background tab paints no frames: do not wait for one).
    const painted = () => {
      requestAnimationFrame(() => window.setTimeout(done, 0));
      window.setTimeout(done, 200);
    };
    if (document.readyState === 'complete') painted();
    else window.addEventListener('load', painted, { once: true });
    window.setTimeout(done, MAX_WAIT_MS);
  });
}

/** A macrotask break: the browser paints and answers taps between two pieces of start-up work. */
const breathe = () => new Promise<void>((done) => window.setTimeout(done, 0));

const rendered = document.getElementById(DATA_SCRIPT_ID) !== null;
if (rendered) {
  // A tap before the app runs is kept and replayed once the page has hydrated (app/replayTap.ts): a button tapped
  // while the app loads acts, not only the second tap.
  const w = window as Window & { [TAP_KEY]?: EventTarget | null };
  window.addEventListener('click', (e) => void (w[TAP_KEY] === undefined && (w[TAP_KEY] = e.target)), { capture: true, passive: true });
  // Evaluating the app's code is some 50-150 ms of a slow phone's main thread per step: React, the router, the style
  // engine, the components, then the app and its page, each in a task of its own, with room for a tap in between
  // (one task of them all was ~400 ms at Lighthouse's 4x CPU slowdown: all of it counted as blocking time).
  void firstScreenShown()
    .then(() => import('./app/startReact'))
    .then(breathe)
    .then(() => import('./app/startRouter'))
    .then(breathe)
    .then(() => import('./app/startStyles'))
    .then(breathe)
    .then(() => import('./app/startUi'))
    .then(breathe)
    .then(() => import('./boot'));
} else {
  void import('./boot');
}
