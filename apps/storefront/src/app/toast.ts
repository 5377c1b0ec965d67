import { enqueueSnackbar } from 'notistack';

/** Toasts callable from outside React (the API client); the SnackbarProvider sets duration and position. */
export const toast = {
  success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
  error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
  info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
  warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
};
