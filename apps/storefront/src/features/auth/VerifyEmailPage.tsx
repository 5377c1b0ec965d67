import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { authApi, VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { ApiError } from '../../api/errors';
import { useApiMutation } from '../../app/apiQuery';
import { AuthCard } from './AuthCard';

/** Where the e-mail's verification link lands (`/verify-email?token=`): uses the link once and says how it went. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Using the link is a change, not a read: one useApiMutation, sent once per visit (a second call would find the link
  // used; StrictMode runs the effect twice in development).
  const verify = useApiMutation((t: string) => authApi.verifyEmail({ token: t }), {
    onSuccess: () => window.dispatchEvent(new Event(VERIFICATION_CHANGED_EVENT)),
  });
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const state = verify.isSuccess
    ? { ok: true, message: verify.data.message }
    : verify.isError
      ? { ok: false, message: verify.error instanceof ApiError ? verify.error.message : 'This verification link did not work.' }
      : null;

  return (
    <AuthCard title="Verify your e-mail">
      {!token ? (
        <Alert severity="error">This verification link is incomplete. Sign in and ask for a new one from the banner.</Alert>
      ) : !state ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <span>Checking your link…</span>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity={state.ok ? 'success' : 'error'}>{state.message}</Alert>
          <Button href={state.ok ? '/' : '/profile'} variant="contained">
            {state.ok ? 'Start shopping' : 'Go to my profile'}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
