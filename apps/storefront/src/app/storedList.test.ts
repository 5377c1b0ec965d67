import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_LIST, storedList } from './storedList';

const list = () =>
  storedList<number>('kasuwa_test_list', 'kasuwa-test-list-changed', (items) => items.filter((i): i is number => typeof i === 'number'));

afterEach(() => window.localStorage.clear());

describe('a stored list as a useSyncExternalStore snapshot', () => {
  it('empty is the one EMPTY_LIST, the server snapshot the hooks hydrate with: no re-render of the page after hydration', () => {
    expect(list().snapshot()).toBe(EMPTY_LIST);
    window.localStorage.setItem('kasuwa_test_list', '"not a list"');
    expect(list().snapshot()).toBe(EMPTY_LIST);
  });

  it('the same array while unchanged, a new one after a change', () => {
    const l = list();
    l.write([1, 2]);
    const first = l.snapshot();
    expect(first).toEqual([1, 2]);
    expect(l.snapshot()).toBe(first);
    l.write([3]);
    expect(l.snapshot()).toEqual([3]);
    l.write([]);
    expect(l.snapshot()).toBe(EMPTY_LIST);
  });
});
