import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { setToaster } from './toast';

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

/**
 * Toasts drop in just below the sticky top bar (56 px high on a phone, 64 px from 600 px), never over it: "Added to
 * cart" used to cover the cart button a phone user taps next, and a pointer resting on a toast keeps it from hiding.
 */
export const TOASTS_CLASS = 'k-toasts';
const TOASTS_BELOW_TOP_BAR = (
  <GlobalStyles
    styles={{
      [`.notistack-SnackbarContainer.${TOASTS_CLASS}`]: { top: 'calc(56px + 8px)' },
      '@media (min-width: 600px)': { [`.notistack-SnackbarContainer.${TOASTS_CLASS}`]: { top: 'calc(64px + 8px)' } },
    }}
  />
);
const TOAST_CLASSES = { containerAnchorOriginTopCenter: TOASTS_CLASS };

/** The toasts' stack (notistack), in a chunk of its own: no page needs it to show, only to answer. */
export default function Toaster() {
  useEffect(() => setToaster((message, variant) => void enqueueSnackbar(message, { variant })), []);
  return (
    <>
      {TOASTS_BELOW_TOP_BAR}
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        classes={TOAST_CLASSES}
        // Multi-line validation errors ("field: message" per line) keep their line breaks (pre-line).
        Components={TOAST_COMPONENTS}
      />
    </>
  );
}
