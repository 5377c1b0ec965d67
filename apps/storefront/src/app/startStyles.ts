/** Start-up step 3 (main.tsx): the style engine and MUI's theme code (the mui-core chunk), in a task of their own. */
export { CacheProvider } from '@emotion/react';
export { createTheme, ThemeProvider } from '@mui/material/styles';
