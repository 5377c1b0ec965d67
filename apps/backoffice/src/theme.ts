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

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#00643b' },
    secondary: { main: '#00643b' },
    // MUI's default error and warning are under 4.5:1 on filled inputs and outlined chips.
    error: { main: '#c62828' },
    warning: { main: '#9a4a00' },
  },
  components: { ...defaultLightTheme.components, ...components('#9a4a00') },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    primary: { main: '#66bb8a' },
    secondary: { main: '#66bb8a' },
    // MUI's dark error red is under 4.5:1 as text on the dark page (Block, Delete, Suspend buttons).
    error: { main: '#ef9a9a' },
  },
  components: { ...defaultDarkTheme.components, ...components('#ffb74d') },
};
