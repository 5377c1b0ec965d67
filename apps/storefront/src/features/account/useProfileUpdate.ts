import type { UserProfile } from '@kasuwa/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { profileApi, type ProfileUpdate } from '../../api/profile';
import { toast } from '../../app/toast';

/** Submits a profile update; the dialog shows `error` under the title 'Failed to update profile'. */
export function useProfileUpdate(onSaved: (profile: UserProfile) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (update: ProfileUpdate): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const res = await profileApi.update(update);
      onSaved(res.data);
      toast.success(res.message || 'Profile updated successfully');
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to edit profile');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, submit };
}
