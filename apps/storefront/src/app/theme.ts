import { createTheme, type Theme } from '@mui/material/styles';
import type { LinkProps } from '@mui/material/Link';
import { LinkBehavior } from './LinkBehavior';

export type ColorMode = 'light' | 'dark';

// Brand green chosen for ≥ 4.5:1 contrast with white text (light) and with near-black text (dark).
const brand = {
  light: { primary: '#0b6e4f', secondary: '#9a4f00' },
  dark: { primary: '#5fd3a0', secondary: '#ffb74d' },
};

/**
 * One theme per mode, made once: building it is ~4 ms of a phone's start-up (more at its slower CPU), and boot.tsx
 * makes the light one in a task of its own before hydrating rather than in the middle of the first pass.
 */
const themes: Partial<Record<ColorMode, Theme>> = {};
export function createAppTheme(mode: ColorMode): Theme {
  return (themes[mode] ??= makeTheme(mode));
}

function makeTheme(mode: ColorMode): Theme {
  const isDark = mode === 'dark';
  const focusColor = isDark ? '#ffd54f' : '#1a4dbf';
  return createTheme({
    palette: {
      mode,
      primary: { main: brand[mode].primary },
      secondary: { main: brand[mode].secondary },
      // MUI's dark error red (#f44336) carries white text at only 3.7:1; a lighter red takes dark text (≥ 7:1).
      ...(isDark ? { error: { main: '#ff8a80' } } : {}),
      // The page's background and text: also the server's pre-paint colours (PAGE_COLORS in the contracts, held equal by
      // theme.test.ts; written out here, as an import they cost the first view's JS bytes).
      background: isDark ? { default: '#0f1412', paper: '#161d1a' } : { default: '#f6f8f7', paper: '#ffffff' },
      text: isDark ? { primary: '#eef3f0', secondary: '#b4c2bb' } : { primary: '#15211c', secondary: '#4a5a53' },
    },
    shape: { borderRadius: 10 },
    typography: {
      // System fonts: no web-font download for people on metered data.
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '2.25rem', fontWeight: 800 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.4rem', fontWeight: 700 },
    },
    components: {
      MuiLink: { defaultProps: { component: LinkBehavior } as LinkProps },
      MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
      MuiCssBaseline: {
        styleOverrides: {
          // A visible focus ring for keyboard users on every interactive element, in both themes.
          'a:focus-visible, button:focus-visible, [role="tab"]:focus-visible, [role="menuitem"]:focus-visible, .Mui-focusVisible': {
            outline: `3px solid ${focusColor}`,
            outlineOffset: 2,
          },
          body: { overflowWrap: 'anywhere' },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}
