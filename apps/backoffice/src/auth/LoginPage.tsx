import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { Alert, TextField } from '@mui/material';
import { adminPath } from '../config';
import { LOGIN_CALL_FAILED, LOGIN_FALLBACK, LOGIN_NO_TOKEN, OtpRequiredError } from '../providers/authProvider';
import { ApiError, tokenStore } from '../providers/http';
import { AuthCard } from './AuthCard';
import { SignInFields } from '@kasuwa/ui/SignInFields';

/** Router state other public pages hand over (e.g. "your request awaits approval"). */
export interface NoticeState {
  notice?: string;
}

/** The product error texts: 'Authentication failed…' (no token), the server's message or the call's fallback, or 'Login failed…' (no answer). */
function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || LOGIN_CALL_FAILED;
  if (error instanceof Error && error.message === LOGIN_NO_TOKEN) return LOGIN_NO_TOKEN;
  return LOGIN_FALLBACK;
}

/** /app.admin/login — reachable only without an admin token (the product screens). */
export default function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const notice = (location.state as NoticeState | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Two-factor sign-in: after the right password the API asks for the authenticator's code (or a recovery code).
  const [otpAsked, setOtpAsked] = useState(false);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  if (tokenStore.get() && !pending) return <Navigate to={adminPath('/')} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setPending(true);
    try {
      await login({ email: email.trim(), password, ...(otpAsked && otp.trim() ? { otp: otp.trim() } : {}) });
    } catch (err) {
      if (err instanceof OtpRequiredError) setOtpAsked(true);
      else setError(loginErrorText(err));
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="For Kasuwa staff. Use the email and password of your admin account."
      onSubmit={(e) => void onSubmit(e)}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      pending={pending}
      error={error}
      notice={notice && <Alert severity="info">{notice}</Alert>}
      links={[
        { to: '/forgot-password', lead: 'Forgot your password?', text: 'Reset it' },
        { to: '/signup', lead: 'No admin account yet?', text: 'Request one' },
      ]}
    >
      <SignInFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} autoFocus={!otpAsked} />
      {otpAsked && (
        <TextField
          label="Authenticator code"
          helperText="The 6-digit code from your authenticator app, or one of your recovery codes."
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 20 } }}
          autoFocus
          required
          fullWidth
        />
      )}
    </AuthCard>
  );
}
