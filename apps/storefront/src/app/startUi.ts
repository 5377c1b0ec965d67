/** Start-up step 4 (main.tsx): MUI's components of the app shell (the mui chunk), in a task of their own. */
export { default as Button } from '@mui/material/Button';
