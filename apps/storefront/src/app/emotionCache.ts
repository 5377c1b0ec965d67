import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/** Prefix of the storefront's style class names ("k-1abc"), the same on the server and in the browser. */
export const STYLE_KEY = 'k';

/**
 * Attribute of the server-rendered <style> holding the page's component styles; its value lists the rules' ids.
 * Not emotion's own `data-emotion`: emotion would move that node to the end of <head> when the app starts (a
 * re-insert of ~40 kB of CSS and a style recalculation of the whole page on a phone's busiest moment).
 */
export const SSR_STYLE_ATTR = 'data-k-ssr';

/**
 * Only the vendor prefixes a current phone browser still needs (Safari's -webkit- for these three). Stylis' stock
 * prefixer also writes -webkit-/-ms- copies of every flex, transition and transform rule: a third of the page's CSS.
 */
const WEBKIT_ONLY = /^(user-select|backdrop-filter|text-size-adjust):/;
const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY.test(element.value))
    element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * One array for every cache: on the server emotion keeps the CSS it compiled for a style (stylis' output) in a store
 * shared by every cache made with the same plugins array (by identity), so a style is compiled once per process, not
 * once per page rendered (a fresh array per cache made each server render compile all of its ~150 styles again).
 */
const STYLIS_PLUGINS = [webkitPrefixes];

/** The style cache of one server render, or of the browser's app. */
export function createStyleCache(): EmotionCache {
  return createCache({ key: STYLE_KEY, stylisPlugins: STYLIS_PLUGINS });
}

/**
 * The browser's cache, taking over the server's <style> as it is: its rules count as inserted (a hydrating
 * component does not add them again) and styles added later go after it, in order.
 */
export function createBrowserStyleCache(): EmotionCache {
  const cache = createStyleCache();
  for (const node of document.querySelectorAll<HTMLStyleElement>(`style[${SSR_STYLE_ATTR}]`)) {
    for (const id of (node.getAttribute(SSR_STYLE_ATTR) ?? '').split(' ')) if (id) cache.inserted[id] = true;
    cache.sheet.tags.push(node);
  }
  // The server's keyframes (a skeleton's pulse) are in the global tags: a hydrating component must not add them again.
  for (const node of document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${STYLE_KEY}-global "]`)) {
    for (const id of (node.getAttribute('data-emotion') ?? '').split(' ').slice(1))
      if (id.startsWith('animation-')) cache.inserted[id] = true;
  }
  return cache;
}

/**
 * The <style> tags of a server render: emotion's own for global styles (its <Global> takes them over), ours for the
 * rest. `rendered` names every regular style the render made, also those a MUI component only composes into its
 * inner part's class (AppBar's own rules inside Paper's): no element wears them, so their CSS is not sent, but the
 * browser must not make and insert them again either (~100 rules on the home page, in the middle of hydration).
 */
export function styleTags(chunks: { key: string; ids: string[]; css: string }[], rendered: string[]): string {
  const globals = chunks
    .filter((c) => c.key !== STYLE_KEY && c.css)
    // data-s: emotion's default cache, made when @emotion/react loads, moves every server <style data-emotion> without
    // it to the end of <head> (a style recalculation of the whole page); its <Global> still finds them by data-emotion.
    .map((c) => `<style data-emotion="${c.key} ${c.ids.join(' ')}" data-s="">${c.css}</style>`);
  const css = chunks.find((c) => c.key === STYLE_KEY)?.css ?? '';
  return `${globals.join('')}<style ${SSR_STYLE_ATTR}="${rendered.join(' ')}">${css}</style>`;
}

/** Ids of the regular (not global, not keyframes) styles a server render made with `cache`. */
export function renderedStyleIds(cache: EmotionCache): string[] {
  return Object.keys(cache.inserted).filter((id) => cache.registered[`${cache.key}-${id}`] !== undefined);
}
