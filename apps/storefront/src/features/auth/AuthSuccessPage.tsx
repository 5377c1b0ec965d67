import type { AuthSuccessUser } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { profileApi } from '../../api/profile';
import { useApiMutation } from '../../app/apiQuery';
import { AuthCard } from './AuthCard';
import { takeReturnTo } from './returnTo';
import { saveSession, saveUser, sessionUserFrom } from './session';

export const MISSING_PARAMS = 'Missing access token or user information.';
export const BAD_USER_DATA = 'Failed to parse user data.';

function parseUser(raw: string): AuthSuccessUser | null {
  // searchParams already undid one level of URL encoding; tolerate a second one too.
  for (const text of [raw, safeDecode(raw)]) {
    try {
      const v: unknown = JSON.parse(text);
      if (v && typeof v === 'object' && typeof (v as AuthSuccessUser).email === 'string') return v as AuthSuccessUser;
    } catch {
      /* try the next reading */
    }
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Google sign-in callback (the product screens): store the session, learn the user id, leave without a history entry. */
export default function AuthSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  // One way to fetch (docs/storefront.md: Data): learning the user id is part of this one-shot sign-in, sent once as the
  // page opens (useApiMutation); whatever the answer, the visitor leaves for where they were going.
  const { mutate: learnUserId } = useApiMutation(
    async () => {
      try {
        saveUser(sessionUserFrom((await profileApi.me({ silent: true })).data));
      } catch {
        // the id is filled in on the next profile load
      }
    },
    { onSuccess: () => navigate(takeReturnTo(), { replace: true }) },
  );

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development.
    started.current = true;
    const token = params.get('access_token');
    const rawUser = params.get('user');
    if (!token || !rawUser) {
      setError(MISSING_PARAMS);
      return;
    }
    const user = parseUser(rawUser);
    if (!user) {
      setError(BAD_USER_DATA);
      return;
    }
    saveSession(token, { email: user.email, fullName: user.fullName ?? '', profileImage: user.profileImage ?? null, userId: null });
    learnUserId();
  }, [params, learnUserId]);

  return (
    <AuthCard title={error ? 'Sign-in failed' : 'Signing you in'}>
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error">{error}</Alert>
          <Button href="/auth" variant="contained">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>Redirecting...</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
