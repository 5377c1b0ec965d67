import type { UserProfile } from '@kasuwa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { profileApi } from '../../api/profile';
import { ApiError } from '../../api/errors';
import { saveUser, sessionUserFrom } from '../auth/session';

export interface ProfileState {
  profile: UserProfile | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replace the profile after a successful update and refresh the stored session user. */
  replace: (profile: UserProfile) => void;
}

/** Loads GET /profile/me and keeps the session's name/avatar/userId in step with it. */
export function useProfile(): ProfileState {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setError(null);
    profileApi
      .me({ silent: true })
      .then((res) => {
        if (!alive) return;
        setProfile(res.data);
        saveUser(sessionUserFrom(res.data));
      })
      .catch((err: unknown) => alive && setError(err instanceof ApiError ? err.message : 'Failed to fetch user details'))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((next: UserProfile) => {
    setProfile(next);
    saveUser(sessionUserFrom(next));
  }, []);

  return { profile, loading, error, reload, replace };
}
