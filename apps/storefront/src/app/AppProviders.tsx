import { STORAGE_KEYS } from '@kasuwa/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useInitialData, usePageHydrated } from './initialData';
import { createAppTheme, type ColorMode } from './theme';
import { ColorModeContext } from './useColorMode';

export const TOAST_DURATION_MS = 3000;

// notistack's stock orange/green/blue fail WCAG AA with white text; these darker tones pass (≥ 6:1).
const Toast = styled(MaterialDesignContent)({
  whiteSpace: 'pre-line',
  '&.notistack-MuiContent-success': { backgroundColor: '#1e6b34' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b3261e' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#1a4dbf' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

function initialMode(): ColorMode {
  if (typeof window === 'undefined') return 'light';
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.darkMode);
    if (stored === 'true') return 'dark';
    if (stored === 'false') return 'light';
  } catch {
    /* storage blocked: fall through to the system preference */
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function AppProviders({ children }: { children: ReactNode }) {
  // A page rendered on the server is in the default (light) theme; hydrate it as it is, then switch to
  // the stored or system choice. Only colours change: every size is the same in both themes.
  // (After the whole page has hydrated: see usePageHydrated.)
  const hydrating = useInitialData().now !== undefined;
  const pageHydrated = usePageHydrated();
  const [mode, setMode] = useState<ColorMode>(() => (hydrating ? 'light' : initialMode()));
  useEffect(() => {
    if (hydrating && pageHydrated) setMode(initialMode());
  }, [hydrating, pageHydrated]);
  const toggle = useCallback(() => {
    setMode((prev) => {
      const next = prev === 'dark' ? 'light' : 'dark';
      try {
        window.localStorage.setItem(STORAGE_KEYS.darkMode, String(next === 'dark'));
      } catch {
        /* not persisted, still applied */
      }
      return next;
    });
  }, []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const colorMode = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  return (
    <ColorModeContext.Provider value={colorMode}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={TOAST_DURATION_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          // Multi-line validation errors ("field: message" per line) keep their line breaks (pre-line).
          Components={TOAST_COMPONENTS}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
