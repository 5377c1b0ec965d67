import { COLOR_MODE_COOKIE } from '@kasuwa/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInitialData, usePageHydrated } from './initialData';
import { createAppTheme, type ColorMode } from './theme';
import { onToastWanted } from './toast';
import { ColorModeContext } from './useColorMode';

// Loaded at the first toast on a server-rendered page: notistack is ~8 kB gzip no first screen needs.
const Toaster = lazy(() => import('./Toaster'));

/**
 * The mode the page's head script decided before the first paint (COLOR_SCHEME_SCRIPT in the contracts: the choice in
 * its cookie, else the system's scheme), which <html data-color-scheme> carries: the app never decides otherwise.
 */
const initialMode = (): ColorMode => (document.documentElement.dataset.colorScheme === 'dark' ? 'dark' : 'light');

/**
 * The choice, kept in the cookie the server renders the next pages by (no light flash), and marked on <html> for the
 * head's style (it paints the page's background) and the next start.
 */
function remember(mode: ColorMode): void {
  document.cookie = `${COLOR_MODE_COOKIE}=${mode};path=/;max-age=31536000;samesite=lax`;
  document.documentElement.dataset.colorScheme = mode;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // A page rendered on the server is in the user's colours as far as the server knew them (their cookie, the
  // browser's hint, the system scheme the head script last saw; else light); hydrate it as it is, then switch to the
  // head script's mode if it differs.
  // Only colours change: every size is the same in both themes. (After the whole page has hydrated: see usePageHydrated.)
  const initial = useInitialData();
  const hydrating = initial.now !== undefined;
  const rendered = initial.colorMode ?? 'light';
  const pageHydrated = usePageHydrated();
  const [mode, setMode] = useState<ColorMode>(() => (hydrating ? rendered : initialMode()));
  useEffect(() => {
    if (hydrating && pageHydrated) setMode(initialMode());
  }, [hydrating, pageHydrated]);
  const toggle = useCallback(() => {
    setMode((prev) => {
      const next = prev === 'dark' ? 'light' : 'dark';
      remember(next);
      return next;
    });
  }, []);
  // On a page the browser renders the toaster comes at once. On the server's page it comes with the first toast
  // (toast.ts queues it meanwhile): evaluating notistack's styles was a ~40 ms task (~170 ms at a phone's 4x slower
  // CPU) right after hydration, blocking time for a page that most visits never toast on.
  const [toastWanted, setToastWanted] = useState(false);
  useEffect(() => onToastWanted(() => setToastWanted(true)), []);
  const withToaster = toastWanted || !hydrating;
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const colorMode = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  // The server's page carries its theme's baseline styles already. Mounted while hydrating, CssBaseline (an
  // emotion <Global>) would take them out and insert them again: a style recalculation of the whole page in the
  // middle of start-up. It mounts once the page leaves the server's theme (and stays, for a switch back).
  const leftRendered = useRef(false);
  if (mode !== rendered) leftRendered.current = true;
  const baseline = !hydrating || typeof window === 'undefined' || leftRendered.current;

  return (
    <ColorModeContext.Provider value={colorMode}>
      <ThemeProvider theme={theme}>
        {baseline && <CssBaseline enableColorScheme />}
        {children}
        {withToaster && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
