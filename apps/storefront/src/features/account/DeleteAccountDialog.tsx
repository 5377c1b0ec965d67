import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { profileApi } from '../../api/profile';
import { toast } from '../../app/toast';
import { signOut } from '../auth/session';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

export const DELETE_CONFIRMATION = 'DELETE ACCOUNT';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setTyped('');
      setError(null);
    }
  }, [open]);

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await profileApi.deleteAccount();
      void navigate('/', { replace: true });
      signOut();
      toast.success('Your account has been deleted.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to delete');
      setBusy(false);
    }
  };

  return (
    <BusyDialog open={open} busy={busy} onClose={onClose} maxWidth="sm" aria-labelledby="delete-title" aria-describedby="delete-text">
      <DialogTitle id="delete-title">Delete Account</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-text" sx={{ mb: 2 }}>
          This permanently deletes your account and personal data and withdraws your listings. Orders you took part in are kept for the
          other party, without your name. This cannot be undone.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          name="confirmDelete"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        />
      </DialogContent>
      <BusyDialogActions
        busy={busy}
        onClose={onClose}
        sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 }, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
      >
        <Button variant="contained" color="error" disabled={typed !== DELETE_CONFIRMATION} loading={busy} onClick={() => void onConfirm()}>
          Delete my account
        </Button>
      </BusyDialogActions>
    </BusyDialog>
  );
}
