import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { authApi, GOOGLE_SIGN_IN_URL } from '../../api/auth';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';

/** Words a shopper understands: nothing about servers or configuration. */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not available right now';

/** Asks the server first, so the button never leads to a dead end when Google is not set up. */
export function GoogleSignInButton() {
  // One way to fetch (docs/storefront.md: Data). A failed question is an answer too: the button says Google is not available.
  const providers = useApiQuery(queryKeys.authProviders(), () => authApi.providers());
  const state = providers.data?.google ? 'available' : providers.loading ? 'checking' : 'unavailable';

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
