import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** On phones the dialog keeps 12 px of page around it instead of MUI's 32, so a form gets the width it needs. */
const PHONE_WIDE = { paper: { sx: { m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } } };

/**
 * A full-width dialog that a click outside or Escape does not close while its request is in flight (the outcome would
 * land in a closed dialog). `phoneWide` for the dialogs holding a form.
 */
export function BusyDialog({
  busy,
  onClose,
  phoneWide = false,
  ...props
}: Omit<DialogProps, 'onClose' | 'fullWidth' | 'slotProps'> & { busy: boolean; onClose: () => void; phoneWide?: boolean }) {
  return <Dialog {...props} onClose={busy ? undefined : onClose} fullWidth slotProps={phoneWide ? PHONE_WIDE : undefined} />;
}

/**
 * A BusyDialog's buttons: Cancel (off while the request is in flight), then the dialog's own action. `sx` (plain
 * styles) adds to the padding that lines the buttons up with the content.
 */
export function BusyDialogActions({
  busy,
  onClose,
  sx,
  children,
}: {
  busy: boolean;
  onClose: () => void;
  sx?: Exclude<SxProps<Theme>, ReadonlyArray<unknown> | ((theme: Theme) => unknown)>;
  children: ReactNode;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2, ...sx }}>
      <Button onClick={onClose} disabled={busy} color="inherit">
        Cancel
      </Button>
      {children}
    </DialogActions>
  );
}
