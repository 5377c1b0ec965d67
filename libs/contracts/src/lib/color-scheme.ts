import { COLOR_MODE_COOKIE, STORAGE_KEYS } from './accounts';

/*
 * No light flash for a dark-mode user: the server renders a storefront page in the user's colours, and a script in
 * the page's <head> sets them before the first paint where the server could not know them.
 */

/** The system's scheme as the head script last saw it: for browsers that send no `Sec-CH-Prefers-Color-Scheme`. */
export const SYSTEM_SCHEME_COOKIE = 'kasuwa_system_scheme';

/** The page's background and text in each mode: the storefront theme's (held equal by its test), and the pre-paint style's. */
export const PAGE_COLORS = {
  light: { background: '#f6f8f7', text: '#15211c' },
  dark: { background: '#0f1412', text: '#eef3f0' },
} as const;

/**
 * The head script (ES5: it runs before any other script). It decides the page's mode once, before the first paint:
 * the choice in the cookie (else one stored before the cookie existed, else 'system'), 'system' meaning the system's
 * scheme; it marks <html data-color-scheme> with it (the style below paints the page's background from it, and the
 * app starts in it: AppProviders), and writes both cookies on every page, which keeps them alive where a browser
 * caps the life of cookies a script writes (Safari: 7 days).
 */
export const COLOR_SCHEME_SCRIPT = /*#__PURE__*/ headScript();

// Made by functions marked pure: the storefront's bundle takes only the cookie's name from here, not these strings.
function headScript(): string {
  return (
    `(function(d){var c=/(?:^|;\\s*)${COLOR_MODE_COOKIE}=(light|dark|system)(?:;|$)/.exec(d.cookie),m=c&&c[1],p='light',s;` +
    `try{p=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}` +
    `if(!m)try{s=localStorage.getItem('${STORAGE_KEYS.darkMode}');m=s==='true'?'dark':s==='false'?'light':''}catch(e){}` +
    `m=m||'system';d.documentElement.setAttribute('data-color-scheme',m==='system'?p:m);` +
    `function w(k,v){d.cookie=k+'='+v+';path=/;max-age=31536000;samesite=lax'}w('${COLOR_MODE_COOKIE}',m);w('${SYSTEM_SCHEME_COOKIE}',p)})(document)`
  );
}

/** What goes in every storefront page's <head>: the script above and the page background it selects. */
export const COLOR_SCHEME_HEAD = /*#__PURE__*/ head();

function head(): string {
  const style = (s: 'light' | 'dark') =>
    `html[data-color-scheme=${s}]{color-scheme:${s}}html[data-color-scheme=${s}] body{background-color:${PAGE_COLORS[s].background};color:${PAGE_COLORS[s].text}}`;
  return `<script>${COLOR_SCHEME_SCRIPT}</script><style>${style('light')}${style('dark')}</style>`;
}
