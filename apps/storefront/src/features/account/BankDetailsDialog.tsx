import type { UserProfile } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { earningsApi } from '../../api/earnings';
import { profileApi } from '../../api/profile';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
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
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* The dialog's content is mounted while it is open: the payout account is read afresh each time it opens. */}
      <BankDetailsContent profile={profile} onClose={onClose} onSaved={onSaved} />
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function BankDetailsContent({ profile, onClose, onSaved }: Pick<Props, 'profile' | 'onClose' | 'onSaved'>) {
  // One way to fetch (docs/storefront.md: Data): the account the payout goes to (null: none yet).
  const account = useApiQuery(queryKeys.payoutAccount(), async () => (await earningsApi.account()).data, {
    failedText: (err) => (err as Error).message,
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const error = account.error ?? saveError;

  const saved = async () => {
    try {
      onSaved((await profileApi.me({ silent: true })).data);
      onClose();
    } catch (err) {
      setSaveError((err as Error).message);
    }
  };

  return (
    <DialogContent>
      {profile.bankName && !profile.bankDetailsConfirmed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The bank details you typed before ({profile.bankName}, {profile.bankAccountNumber}) are not confirmed, so we cannot pay you there.
          Pick your bank and enter the account number: we check the name with your bank.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {account.data !== undefined && <BankDetailsCard account={account.data} onSaved={() => void saved()} startEditing />}
    </DialogContent>
  );
}
