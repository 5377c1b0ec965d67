/*
 * A server-rendered page's HTML, complete: every part (Suspense boundary) in place, never a fallback. Server build only.
 */
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

/** React's mark of a Suspense boundary it could not render on the server (the browser renders it); text never holds it. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The page's complete HTML. The API fetches a page's data and the page's code is loaded before it renders, so as a rule
 * nothing suspends, and React's string renderer gives the whole page in one pass, without the streaming renderer's
 * encoding to bytes and back (a tenth of a landing page's render), and without rendering fallbacks: the streaming one
 * renders the fallback of every part over 500 bytes in case it sends the part later, out of line, and those fallbacks'
 * styles (the spinner's keyframes) went into the page's CSS. A part that does suspend comes out of the string renderer
 * client-rendered (its fallback, marked): the page is then rendered again by the streaming renderer, which waits.
 */
export async function renderWhole(tree: () => ReactNode): Promise<string> {
  let html: string | null = null;
  try {
    html = renderToString(tree());
  } catch {
    // Suspended outside every boundary: the streaming renderer waits for it too.
  }
  return html === null || html.includes(CLIENT_RENDERED) ? renderComplete(tree()) : html;
}

/** Longest wait for a page's parts: past it the render fails (the API then sends the app shell). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The page's complete HTML: React's streaming renderer, read once every Suspense boundary (Part) is ready, so the HTML
 * holds them all in place (no fallback, no hidden copy with a script that swaps it in): what crawlers and a browser without the app
 * read, and what React hydrates part by part.
 */
async function renderComplete(tree: ReactNode): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('page render timed out')), RENDER_TIMEOUT_MS);
  try {
    // progressiveChunkSize: every boundary in place however large. By default React moves a large one (over 12.8 kB,
    // the home page's grid) out of the flow into a hidden <div> that an inline script swaps in: the pages' CSP
    // refuses that script, and crawlers read the HTML as sent.
    const stream = await renderToReadableStream(tree, { signal: abort.signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
    await stream.allReady;
    if (abort.signal.aborted) throw abort.signal.reason;
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
}
