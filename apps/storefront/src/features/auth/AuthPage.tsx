import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuthResponse } from '@kasuwa/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard, AuthFooter, AuthForm } from './AuthCard';
import { GoogleSignInButton } from './GoogleSignInButton';
import { PhoneCodeForm } from './PhoneCodeForm';
import { SignInFields } from '@kasuwa/ui/SignInFields';
import { pathOf, rememberReturnTo, takeReturnTo, type FromState } from './returnTo';
import { saveSession, sessionUserFrom } from './session';
import { useSession } from './useSession';

export default function AuthPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [params] = useSearchParams();
  // The Google callback sends failures back here as ?error=google or ?error=<reason>.
  const oauthError = params.get('error');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  const welcome = (res: AuthResponse) => {
    saveSession(res.accessToken, sessionUserFrom(res.user));
    toast.success(`Welcome back, ${res.user.firstName || res.user.fullName || res.user.email}!`);
    void navigate(takeReturnTo(), { replace: true });
  };
  const send = async () => welcome(await authApi.login({ email: email.trim(), password, rememberMe }));

  // Google sign-in and the sign-up page leave this location's state behind; sessionStorage carries
  // the origin through them so the user still lands back where they started.
  useEffect(() => {
    const from = (location.state as FromState | null)?.from;
    if (from) rememberReturnTo(pathOf(from));
  }, [location.state]);

  return (
    <AuthCard title="Sign in" subtitle="Welcome to Kasuwa. Sign in to buy, sell and follow your orders.">
      {session && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You are signed in as {session.user.fullName || session.user.email}.
        </Alert>
      )}
      {oauthError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {oauthError === 'google' ? 'Google sign-in failed or was cancelled. Please try again.' : oauthError}
        </Alert>
      )}
      <GoogleSignInButton />
      <Divider sx={{ my: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          or sign in with email
        </Typography>
      </Divider>
      <AuthForm onSubmit={send} submitLabel="Sign in">
        <SignInFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <FormControlLabel
            control={<Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} name="rememberMe" />}
            label="Remember me"
          />
          <Link href="/forgot-password" underline="hover">
            Forgot password?
          </Link>
        </Stack>
      </AuthForm>
      <Divider sx={{ my: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          or sign in with your phone number
        </Typography>
      </Divider>
      <PhoneCodeForm submitLabel="Sign in" onVerified={welcome} />
      <AuthFooter lead="New to Kasuwa?" href="/sign-up">
        Sign up
      </AuthFooter>
    </AuthCard>
  );
}
