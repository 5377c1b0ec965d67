import type { PayoutAccount, UserProfile } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { earningsApi } from '../../api/earnings';
import { profileApi } from '../../api/profile';
import { BankDetailsCard } from '../earnings/BankDetailsCard';

interface Props {
  open: boolean;
  title: string;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
}

/**
 * "Add Bank Details" is the payout account itself (rule "one place for bank details"): the bank from the list, the
 * name from the bank, a step-up code. Free text typed before that rule is shown as unconfirmed until replaced here.
 */
export function BankDetailsDialog({ open, title, profile, onClose, onSaved }: Props) {
  const titleId = useId();
  const [account, setAccount] = useState<PayoutAccount | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setAccount(undefined);
    setError(null);
    earningsApi.account().then(
      (r) => setAccount(r.data),
      (err: Error) => setError(err.message),
    );
  }, [open]);

  const saved = async () => {
    try {
      onSaved((await profileApi.me({ silent: true })).data);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {profile.bankName && !profile.bankDetailsConfirmed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The bank details you typed before ({profile.bankName}, {profile.bankAccountNumber}) are not confirmed, so we cannot pay you
            there. Pick your bank and enter the account number: we check the name with your bank.
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {account !== undefined && <BankDetailsCard account={account} onSaved={() => void saved()} startEditing />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
