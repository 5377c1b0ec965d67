import Button from '@mui/material/Button';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEvent, type ReactNode } from 'react';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

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
    <BusyDialog open={open} busy={busy} onClose={onClose} maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
        <BusyDialogActions busy={busy} onClose={onClose}>
          {primary ?? (
            <Button type="submit" variant="contained" loading={busy}>
              Save
            </Button>
          )}
        </BusyDialogActions>
      </form>
    </BusyDialog>
  );
}
