import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One way to fetch (docs/storefront.md, Data): a page reads through useApiQuery and writes through useApiMutation
 * (app/apiQuery.ts), never with a call of src/api inside a useEffect and its own useState, and never with react-query's
 * useQuery/useMutation directly (they would need the app's client passed by hand, and their keys outside queryKeys.ts).
 */
const SRC = join(__dirname, '..');
const FEATURES = join(SRC, 'features');

/**
 * The hand-written loaders left, on purpose: the header's own small reads (the bell's unread count, the menus' unread
 * messages). React-query never comes with the app shell (queryClient.ts), so the header does not read through it. This
 * list only shrinks (a file converted leaves it).
 */
const HAND_WRITTEN = ['trust/NotificationBell.tsx', 'trust/useUnreadMessages.ts'];

/** react-query used directly where useApiQuery does not fit: paged lists (useInfiniteQuery) and the cart's sync outside React. */
const DIRECT_REACT_QUERY = ['catalog/useProductSearch.ts', 'cart/cartSync.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The text of each `useEffect(…)` call (its parentheses balanced). */
function effects(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('useEffect('); at >= 0; at = text.indexOf('useEffect(', at + 1)) {
    let depth = 0;
    let end = at + 'useEffect'.length;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push(text.slice(at, end + 1));
  }
  return found;
}

/**
 * A call of the typed client (`catalogApi.product(…)`, `call<…>(…)`) in an effect, or a promise awaited there in a file
 * that imports the client (a loader through a helper: `loadLocations().then(…)`): a hand-written loader.
 */
const API_CALL = /\b\w+Api\s*\.\s*\w+\s*\(|\bcall\s*<|\bcall\s*\(|\.then\s*\(/;

/** Features that fetch in an effect, relative to src/features. */
export function handWrittenLoaders(): string[] {
  return sources(FEATURES)
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      if (!/from '(\.\.\/)+api\/\w+'/.test(text)) return false;
      return effects(text).some((e) => API_CALL.test(e));
    })
    .map((file) => relative(FEATURES, file).split('\\').join('/'))
    .sort();
}

describe('one way to fetch', () => {
  it('no new hand-written loader (a call of src/api inside a useEffect) under src/features', () => {
    const found = handWrittenLoaders();
    expect(
      found.filter((f) => !HAND_WRITTEN.includes(f)),
      'read it with useApiQuery (app/apiQuery.ts)',
    ).toEqual([]);
    // A file converted leaves the list, so the count only goes down.
    expect(
      HAND_WRITTEN.filter((f) => !found.includes(f)),
      'converted: take it off HAND_WRITTEN',
    ).toEqual([]);
  });

  it('no useQuery/useMutation of react-query under src/features: useApiQuery and useApiMutation', () => {
    const direct = sources(FEATURES)
      .filter((file) => /from '@tanstack\/react-query'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(FEATURES, file).split('\\').join('/'))
      .filter((f) => !DIRECT_REACT_QUERY.includes(f));
    expect(direct).toEqual([]);
  });

  it('every query key comes from queryKeys.ts', () => {
    const spelled = sources(SRC)
      .filter((file) => !file.endsWith(join('app', 'queryKeys.ts')))
      .filter((file) => /queryKey:\s*\[/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(spelled).toEqual([]);
  });
});
