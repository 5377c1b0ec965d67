import type { UserProfile } from '@kasuwa/contracts';
import { useCallback } from 'react';
import { profileApi } from '../../api/profile';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
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
  const client = useAppQueryClient();
  const { data, error, loading, reload, query } = useApiQuery(
    queryKeys.profile(),
    async () => {
      const res = await profileApi.me({ silent: true });
      saveUser(sessionUserFrom(res.data));
      return res.data;
    },
    { failedText: 'Failed to fetch user details' },
  );
  const replace = useCallback(
    (next: UserProfile) => {
      client.setQueryData(queryKeys.profile(), next);
      saveUser(sessionUserFrom(next));
    },
    [client],
  );

  return { profile: data ?? null, loading: loading || query.isFetching, error, reload, replace };
}
