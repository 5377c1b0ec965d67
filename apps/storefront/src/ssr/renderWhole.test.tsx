import { lazy, Suspense, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWhole } from './renderWhole';

/** A part large enough (over 500 bytes) that React's streaming renderer also renders its fallback. */
const BIG = 'listing '.repeat(100);

describe('renderWhole', () => {
  it('renders a page whose parts are all ready in one pass, without rendering any fallback', async () => {
    const fallback = vi.fn(() => <p>loading</p>);
    const Fallback = fallback;
    const html = await renderWhole(() => (
      <main>
        <Suspense fallback={<Fallback />}>
          <section>{BIG}</section>
        </Suspense>
      </main>
    ));
    expect(html).toBe(`<main><!--$--><section>${BIG}</section><!--/$--></main>`);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('waits for a part that suspends and puts it in place, never its fallback', async () => {
    let resolve!: () => void;
    const ready = new Promise<void>((r) => (resolve = r));
    const Late = lazy(() => ready.then(() => ({ default: () => <section>{BIG}</section> })));
    setTimeout(resolve, 20);
    const html = await renderWhole(() => (
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Late />
        </Suspense>
      </main>
    ));
    expect(html).toContain(`<section>${BIG}</section>`);
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<!--$!-->');
  });

  it('waits for a component that suspends outside every part', async () => {
    const Late = lazy(() => new Promise<{ default: () => ReactElement }>((r) => setTimeout(() => r({ default: () => <b>late</b> }), 20)));
    expect(await renderWhole(() => <Late />)).toBe('<b>late</b>');
  });
});
