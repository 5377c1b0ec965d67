/*
 * Scrolling like a site of whole pages without the data router: a new address starts at the top, a filter changed in
 * place (KEEP_SCROLL) stays where it is, Back returns to where the page was left, and the positions survive a reload.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_SCROLL, SCROLL_STORAGE_KEY, ScrollMemory } from './ScrollMemory';

let navigate: NavigateFunction;
function Grab() {
  navigate = useNavigate();
  return null;
}

const scrollTo = vi.fn();
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrollTo.mockReset();
  vi.stubGlobal('scrollTo', scrollTo);
  // The next frame at once (its handle 0: no frame left pending): the position is remembered on the next frame.
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => (run(0), 0));
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mount = (entries = ['/']) =>
  render(
    <MemoryRouter initialEntries={entries}>
      <Grab />
      <ScrollMemory />
    </MemoryRouter>,
  );

describe('ScrollMemory', () => {
  it('starts a new address at the top and keeps the place for a change made in place', () => {
    mount();
    scrollBy(800);
    act(() => void navigate('/product/1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockReset();
    scrollBy(500);
    act(() => void navigate('/?search=fridge', { replace: true, state: KEEP_SCROLL }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns to where the page was left on Back', () => {
    mount();
    scrollBy(1200);
    act(() => void navigate('/product/1'));
    scrollBy(300);
    act(() => void navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    act(() => void navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('keeps the positions for the tab when the page is left (a reload finds them)', () => {
    mount();
    scrollBy(640);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
    expect(Object.values(saved)).toEqual([640]);
  });

  it('restores a reloaded page, not a newly opened one that shares its key', () => {
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ default: 900 }));
    const navigation = (type: string) =>
      vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
    navigation('reload');
    mount().unmount();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 900);
    scrollTo.mockReset();
    navigation('navigate');
    mount();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
