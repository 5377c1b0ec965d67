import type { UserProfile } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { AccountDialog } from './AccountDialog';
import { ErrorNotice } from './ErrorNotice';
import { isProfileIncomplete, updateFrom } from './profileRules';
import { useProfileUpdate } from './useProfileUpdate';

interface Props {
  open: boolean;
  title: string;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
  onCompleteProfile: () => void;
}

/** Where sellers are paid. Nigerian account numbers (NUBAN) are 10 digits. */
export function BankDetailsDialog({ open, title, profile, onClose, onSaved, onCompleteProfile }: Props) {
  const [form, setForm] = useState({ bankName: '', bankAccountNumber: '', bankAccountName: '' });
  const { busy, error, setError, submit } = useProfileUpdate(onSaved);
  // The update call always carries name, gender and phone, so those must exist first.
  const blocked = isProfileIncomplete(profile);

  useEffect(() => {
    if (!open) return;
    setForm({ bankName: profile.bankName ?? '', bankAccountNumber: profile.bankAccountNumber ?? '', bankAccountName: profile.bankAccountName ?? '' });
    setError(null);
  }, [open, profile, setError]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await submit(
      updateFrom(profile, {
        bankName: form.bankName.trim(),
        bankAccountNumber: form.bankAccountNumber.replace(/\s/g, ''),
        bankAccountName: form.bankAccountName.trim(),
      }),
    );
    if (ok) onClose();
  };

  // Bank details need a complete profile first: the dialog's button leads there instead of saving.
  const completeFirst = blocked ? (
    <Button variant="contained" onClick={onCompleteProfile}>
      Complete Profile
    </Button>
  ) : undefined;

  return (
    <AccountDialog open={open} title={title} busy={busy} onClose={onClose} onSubmit={onSubmit} primary={completeFirst}>
      <DialogContent>
        {blocked ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            Please complete your profile (name, gender and phone number) before adding bank details.
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <ErrorNotice title="Failed to update profile" message={error} />}
            <TextField label="Bank name" name="bankName" required value={form.bankName} onChange={set('bankName')} placeholder="e.g. Access Bank" />
            <TextField
              label="Account number"
              name="bankAccountNumber"
              required
              value={form.bankAccountNumber}
              onChange={set('bankAccountNumber')}
              helperText="10-digit NUBAN account number"
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '\\s*(\\d\\s*){10}', maxLength: 13, autoComplete: 'off' } }}
            />
            <TextField label="Account name" name="bankAccountName" required value={form.bankAccountName} onChange={set('bankAccountName')} />
          </Stack>
        )}
      </DialogContent>
    </AccountDialog>
  );
}
