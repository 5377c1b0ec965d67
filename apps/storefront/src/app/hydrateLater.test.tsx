/*
 * HydrateLater on Preact, which the storefront's browser build runs (the other component tests run React): the
 * server's HTML hydrates part by part, one part per task, nested parts in page order, and nothing is re-created.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('react', async () => await import('preact/compat'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-runtime'));

const { h } = await import('preact');
const { hydrate } = await import('preact/compat');
const { renderToString } = await import('preact-render-to-string');
const { afterSlices, endSlicing, HydrateLater, startSlicedHydration } = await import('./hydrateLater');

let rendered: string[] = [];
const clicks: string[] = [];

function Probe({ name }: { name: string }) {
  rendered.push(name);
  return h('button', { id: name, onClick: () => clicks.push(name) }, name);
}

// A mixed list of children (Preact types each VNode by its props).
const later = (...children: any[]) => h(HydrateLater, null, ...children);

/** A page: a shell, a part holding two nested parts, then another part. */
const page = () =>
  h(
    'main',
    null,
    h(Probe, { name: 'shell' }),
    later(h('section', null, h(Probe, { name: 'a' }), later(h(Probe, { name: 'a1' })), later(h(Probe, { name: 'a2' })))),
    later(h(Probe, { name: 'b' })),
  );

describe('HydrateLater (Preact)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    rendered = [];
  });
  afterEach(() => vi.useRealTimers());

  it('hydrates one part per task, the parts inside a part right after it, and keeps the server HTML', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(page());
    const html = root.innerHTML;
    const first = root.querySelector('#a1');
    rendered = [];
    let done = false;

    startSlicedHydration();
    hydrate(page(), root);
    endSlicing();
    afterSlices(() => (done = true));
    expect(rendered).toEqual(['shell']);

    // One timer at a time: each is a task of the browser's; list what rendered in each.
    const tasks: string[][] = [];
    for (let i = 0; i < 50 && !done; i += 1) {
      rendered = [];
      await vi.advanceTimersToNextTimerAsync();
      if (rendered.length) tasks.push(rendered);
    }

    expect(done).toBe(true);
    expect(tasks).toEqual([['a'], ['a1'], ['a2'], ['b']]);
    // Hydrated in place: the same nodes, the same markup, and their handlers work.
    expect(root.innerHTML).toBe(html);
    expect(root.querySelector('#a1')).toBe(first);
    (root.querySelector('#a2') as HTMLButtonElement).click();
    expect(clicks).toEqual(['a2']);
  });

  it('renders at once when nothing is being hydrated (a page the browser renders itself)', async () => {
    const root = document.createElement('div');
    const { render } = await import('preact');
    render(page(), root);
    await vi.advanceTimersByTimeAsync(0);
    expect(rendered).toEqual(['shell', 'a', 'a1', 'a2', 'b']);
  });
});
