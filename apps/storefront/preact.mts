/**
 * The storefront runs on Preact (preact/compat) instead of React: the same components, hooks, MUI, emotion and
 * react-router, for ~12 kB gzip instead of React DOM's ~68 kB, which a phone on prepaid data downloads and parses
 * before the first screen answers taps. Both builds (browser and server) alias React to it, so the server's HTML is
 * what the browser's Preact hydrates. Component tests (vitest.config.mts) keep running on React.
 */
const preact = (to: string) => (to === '' ? 'preact/compat' : `preact/compat/${to}`);

export const preactAliases = [
  { find: /^react$/, replacement: preact('') },
  { find: /^react\/jsx-runtime$/, replacement: preact('jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact('jsx-dev-runtime') },
  { find: /^react-dom$/, replacement: preact('') },
  { find: /^react-dom\/client$/, replacement: preact('client') },
  { find: /^react-dom\/server$/, replacement: preact('server') },
  { find: /^react-dom\/test-utils$/, replacement: preact('test-utils') },
];
