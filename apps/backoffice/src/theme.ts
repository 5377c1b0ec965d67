import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default theme in Kasuwa green. #00643b on white is about 7:1 and the dark
 * variant's #66bb8a on the dark background well above 4.5:1, so text and focus rings stay legible.
 */
const focusRing = { outline: '3px solid', outlineOffset: 2 };

const components = (ringColour: string): RaThemeOptions['components'] => ({
  MuiCssBaseline: {
    styleOverrides: {
      // Keyboard users always see where they are, whatever the component.
      ':focus-visible': { ...focusRing, outlineColor: ringColour },
    },
  },
  MuiButtonBase: {
    styleOverrides: {
      root: { '&.Mui-focusVisible': { ...focusRing, outlineColor: ringColour } },
    },
  },
  // A spinner is announced as what it is: a progress bar needs a name (react-admin's list and app loaders have none).
  MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
  // A wide table (refunds, payouts, ledger at 360 px) scrolls inside its card instead of widening the whole page:
  // react-admin's layout is `min-width: fit-content` and its content a flex item that grows to the widest table.
  RaLayout: {
    styleOverrides: {
      root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
    },
  },
  RaList: {
    styleOverrides: {
      root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } },
    },
  },
});

interface Colours {
  /** Primary and secondary. */
  brand: string;
  error: string;
  /** Only where MUI's own is too faint. */
  warning?: string;
  /** The keyboard focus ring. */
  ring: string;
}

/** react-admin's light or dark theme with Kasuwa's colours and the overrides above. */
function kasuwaTheme(base: RaThemeOptions, { brand, error, warning, ring }: Colours): RaThemeOptions {
  return {
    ...base,
    palette: {
      ...base.palette,
      primary: { main: brand },
      secondary: { main: brand },
      error: { main: error },
      ...(warning && { warning: { main: warning } }),
    },
    components: { ...base.components, ...components(ring) },
  };
}

// MUI's default error and warning are under 4.5:1 on filled inputs and outlined chips.
export const lightTheme = kasuwaTheme(defaultLightTheme, { brand: '#00643b', error: '#c62828', warning: '#9a4a00', ring: '#9a4a00' });

// MUI's dark error red is under 4.5:1 as text on the dark page (Block, Delete, Suspend buttons).
export const darkTheme = kasuwaTheme(defaultDarkTheme, { brand: '#66bb8a', error: '#ef9a9a', ring: '#ffb74d' });
