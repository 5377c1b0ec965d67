import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: ReactNode;
  /** While saving the dialog cannot be closed and Cancel is disabled. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  /** The content (a DialogContent). */
  children: ReactNode;
  /** Replaces the Save button (e.g. "Complete Profile" when the form cannot be sent yet). */
  primary?: ReactNode;
  /** The form checks its fields itself (its own messages instead of the browser's). */
  noValidate?: boolean;
}

/** The profile page's form dialogs (edit profile, contacts, bank details): a title, the form, Cancel and Save. */
export function AccountDialog({ open, title, busy, onClose, onSubmit, children, primary, noValidate }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          {primary ?? (
            <Button type="submit" variant="contained" loading={busy}>
              Save
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
