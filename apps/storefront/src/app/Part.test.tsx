/*
 * Part on React 19: the server renders every part complete (no fallback), the browser hydrates them on their own
 * (nothing is re-created), a click on a part not yet hydrated is replayed on it, and afterParts waits for the last.
 */
import { act, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { afterParts, Part } from './Part';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button id={name} onClick={() => setN((c) => c + 1)}>
      {name} {n}
    </button>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Whether React has taken the element over (hydrated it): it marks the nodes it owns. */
const hydrated = (el: Element | null) => Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
let ready: boolean[] = [];

/** As PageHydrated: last in the shell, asks afterParts in its effect; records whether every part had hydrated by then. */
function Done() {
  useEffect(() => afterParts(() => ready.push(['#a', '#a1', '#b'].every((id) => hydrated(document.querySelector(id))))), []);
  return null;
}

const page = (
  <main>
    <Counter name="shell" />
    <Part>
      <section>
        <Counter name="a" />
        <Part>
          <Counter name="a1" />
        </Part>
      </section>
    </Part>
    <Part>
      <Counter name="b" />
    </Part>
    <Done />
  </main>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('Part', () => {
  it('renders complete on the server and hydrates without re-creating anything; afterParts runs once all have hydrated', async () => {
    const html = renderToString(page);
    expect(html).toContain('<!--$--><button id="a1">a1<!-- --> <!-- -->0</button><!--/$-->');
    ready = [];
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    const b = el.querySelector('#b');
    await act(async () => {
      root = hydrateRoot(el, page);
    });
    expect(ready).toEqual([true]);
    expect(el.querySelector('#b')).toBe(b);
    await act(async () => el.querySelector<HTMLButtonElement>('#a1')!.click());
    expect(el.querySelector('#a1')!.textContent).toBe('a1 1');
  });

  it('a click on a part still server HTML is replayed on it once it has hydrated', async () => {
    ready = [];
    const html = renderToString(page);
    const el = document.createElement('div');
    el.innerHTML = html;
    document.body.append(el);
    // Hydration starts but is not run to the end: the parts are still server HTML.
    root = hydrateRoot(el, page);
    expect(hydrated(el.querySelector('#b'))).toBe(false);
    // A click on a part still server HTML: React hydrates that part first and replays the click on it.
    await act(async () => el.querySelector<HTMLButtonElement>('#b')!.click());
    await act(async () => {});
    expect(el.querySelector('#b')!.textContent).toBe('b 1');
    expect(ready).toEqual([true]);
  });
});
