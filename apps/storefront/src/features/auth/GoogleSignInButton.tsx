import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { authApi, GOOGLE_SIGN_IN_URL } from '../../api/auth';

type Availability = 'checking' | 'available' | 'unavailable';

/** Words a shopper understands: nothing about servers or configuration. */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not available right now';

/** Asks the server first, so the button never leads to a dead end when Google is not set up. */
export function GoogleSignInButton() {
  const [state, setState] = useState<Availability>('checking');

  useEffect(() => {
    let alive = true;
    authApi
      .providers()
      .then((p) => alive && setState(p.google ? 'available' : 'unavailable'))
      .catch(() => alive && setState('unavailable'));
    return () => {
      alive = false;
    };
  }, []);

  const label = state === 'checking' ? 'Checking Google sign-in…' : state === 'available' ? 'Continue with Google' : GOOGLE_NOT_CONFIGURED;

  return (
    <Button
      fullWidth
      size="large"
      variant="outlined"
      startIcon={<GoogleIcon />}
      disabled={state !== 'available'}
      onClick={() => {
        // A full page load: the server answers with a redirect to Google's consent screen.
        window.location.assign(GOOGLE_SIGN_IN_URL);
      }}
      sx={{ py: 1.25 }}
    >
      {label}
    </Button>
  );
}
