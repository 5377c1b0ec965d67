/*
 * The entry script, a few hundred bytes. A page the server rendered is complete without any script, so the
 * app (React, MUI, the page's chunk: ~150 kB gzip) is only asked for once the first screen has loaded
 * (its photos) and painted: on slow mobile data the photos get the bandwidth first, and the phone's CPU
 * paints before it parses and hydrates. Pages without a server rendering (forms, signed-in pages) start at once.
 */
import { DATA_SCRIPT_ID } from './app/dataScriptId';

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

const rendered = document.getElementById(DATA_SCRIPT_ID) !== null;
(rendered ? firstScreenShown() : Promise.resolve()).then(() => import('./boot'));
