import { CONTACT_CHANNELS, type ContactChannel, type ContactChannels, type UserProfile } from '@kasuwa/contracts';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { profileApi } from '../../api/profile';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/toast';
import { AccountDialog } from './AccountDialog';
import { ErrorNotice } from './ErrorNotice';

interface Props {
  open: boolean;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
}

const HINTS: Record<ContactChannel, { placeholder: string; type: string; helper?: string }> = {
  WhatsApp: { placeholder: '08031234567', type: 'tel', helper: 'Buyers see "Chat on WhatsApp" on your listings' },
  Email: { placeholder: 'shop@example.com', type: 'email' },
  Instagram: { placeholder: '@yourshop', type: 'text' },
  Twitter: { placeholder: '@yourshop', type: 'text' },
  Facebook: { placeholder: 'facebook.com/yourshop', type: 'text' },
};

/** The Add Contact dialog (the product screens): the channels buyers can reach a seller on. An empty field removes the channel. */
export function AddContactDialog({ open, profile, onClose, onSaved }: Props) {
  const [form, setForm] = useState<ContactChannels>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm({ ...profile.contactChannels });
    setError(null);
  }, [open, profile]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await profileApi.saveContacts(form);
      onSaved(res.data);
      toast.success('Contact channels saved');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to update profile');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountDialog open={open} title="Add Contact" busy={busy} onClose={onClose} onSubmit={(e) => void onSubmit(e)}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Let buyers reach you on the channels you use. Leave a field empty to remove it.
        </DialogContentText>
        <Stack spacing={2}>
          {error && <ErrorNotice title="Failed to update profile" message={error} />}
          {CONTACT_CHANNELS.map((channel) => (
            <TextField
              key={channel}
              label={channel}
              name={channel}
              type={HINTS[channel].type}
              placeholder={HINTS[channel].placeholder}
              helperText={HINTS[channel].helper}
              value={form[channel] ?? ''}
              onChange={(e) => setForm((f) => ({ ...f, [channel]: e.target.value }))}
            />
          ))}
        </Stack>
      </DialogContent>
    </AccountDialog>
  );
}
