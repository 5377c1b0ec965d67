import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { authApi, VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { ApiError } from '../../api/errors';
import { AuthCard } from './AuthCard';

/** Where the e-mail's verification link lands (`/verify-email?token=`): uses the link once and says how it went. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit: a second call would find the link used.
    if (!token || sent.current) return;
    sent.current = true;
    authApi
      .verifyEmail({ token })
      .then((res) => {
        setState({ ok: true, message: res.message });
        window.dispatchEvent(new Event(VERIFICATION_CHANGED_EVENT));
      })
      .catch((err: unknown) =>
        setState({ ok: false, message: err instanceof ApiError ? err.message : 'This verification link did not work.' }),
      );
  }, [token]);

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
