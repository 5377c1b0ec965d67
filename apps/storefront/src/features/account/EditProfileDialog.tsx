import { GENDERS, type Gender, type UserProfile } from '@kasuwa/contracts';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { NameFields } from '../auth/NameFields';
import { AccountDialog } from './AccountDialog';
import { ErrorNotice } from './ErrorNotice';
import { isProfileIncomplete, REQUIRED_FIELDS_MESSAGE, updateFrom } from './profileRules';
import { useProfileUpdate } from './useProfileUpdate';
import { SelectField } from '@kasuwa/ui/SelectField';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g }));

interface Props {
  open: boolean;
  profile: UserProfile;
  onClose: () => void;
  onSaved: (profile: UserProfile) => void;
}

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** Edit Profile / Complete Profile dialog (the product screens and the product validation rules). */
export function EditProfileDialog({ open, profile, onClose, onSaved }: Props) {
  const [form, setForm] = useState({ firstName: '', lastName: '', gender: '' as Gender | '', phone: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { busy, error, setError, submit } = useProfileUpdate(onSaved);
  const title = isProfileIncomplete(profile) ? 'Complete Profile' : 'Edit Profile';

  useEffect(() => {
    if (!open) return;
    setForm({
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      gender: profile.gender ?? '',
      phone: profile.phone ?? '',
    });
    setPhoto(null);
    setInvalid(false);
    setError(null);
  }, [open, profile, setError]);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const f = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), phone: form.phone.trim(), gender: form.gender };
    if (!f.firstName || !f.lastName || !f.phone || !f.gender) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const ok = await submit(updateFrom(profile, { ...f, gender: f.gender, profileImageFile: photo }));
    if (ok) onClose();
  };

  return (
    <AccountDialog open={open} title={title} busy={busy} onClose={onClose} onSubmit={(e) => void onSubmit(e)} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {invalid && (
            <Alert severity="warning">
              <AlertTitle>Validation Error</AlertTitle>
              {REQUIRED_FIELDS_MESSAGE}
            </Alert>
          )}
          {error && <ErrorNotice title="Failed to update profile" message={error} />}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={preview ?? profile.profileImage ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
            <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} nativeButton={false}>
              {profile.profileImage || photo ? 'Change photo' : 'Add photo'}
              <input type="file" accept={IMAGE_TYPES} style={visuallyHidden} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
            </Button>
            {photo && (
              <Typography variant="body2" noWrap sx={{ color: 'text.secondary', minWidth: 0 }}>
                {photo.name}
              </Typography>
            )}
          </Stack>
          <NameFields value={form} onChange={set} invalid={invalid} />
          <SelectField
            label="Gender"
            name="gender"
            required
            value={form.gender}
            onChange={set('gender')}
            error={invalid && !form.gender}
            options={GENDER_OPTIONS}
          >
            <option value="">Select gender</option>
          </SelectField>
          <TextField
            label="Phone number"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            placeholder="e.g. 0803 123 4567"
            helperText="Nigerian mobile number"
            value={form.phone}
            onChange={set('phone')}
            error={invalid && !form.phone.trim()}
          />
        </Stack>
      </DialogContent>
    </AccountDialog>
  );
}
