import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { Alert } from '@mui/material';
import { adminPath } from '../config';
import { LOGIN_CALL_FAILED, LOGIN_FALLBACK, LOGIN_NO_TOKEN } from '../providers/authProvider';
import { ApiError, tokenStore } from '../providers/http';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLink';
import { SignInFields } from '@kasuwa/ui/SignInFields';

/** Router state other public pages hand over (e.g. "your request awaits approval"). */
export interface NoticeState {
  notice?: string;
}

/** Spec §8: 'Authentication failed…' (no token), the server's message or the call's fallback, or 'Login failed…' (no answer). */
function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || LOGIN_CALL_FAILED;
  if (error instanceof Error && error.message === LOGIN_NO_TOKEN) return LOGIN_NO_TOKEN;
  return LOGIN_FALLBACK;
}

/** /app.admin/login — reachable only without an admin token (spec §2). */
export default function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const notice = (location.state as NoticeState | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  if (tokenStore.get() && !pending) return <Navigate to={adminPath('/')} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setPending(true);
    try {
      await login({ email: email.trim(), password });
    } catch (err) {
      setError(loginErrorText(err));
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="For Kasuwa staff. Use the email and password of your admin account."
      onSubmit={onSubmit}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      pending={pending}
      error={error}
      notice={notice && <Alert severity="info">{notice}</Alert>}
      footer={
        <>
          <AuthLink to="/forgot-password" lead="Forgot your password?">
            Reset it
          </AuthLink>
          <AuthLink to="/signup" lead="No admin account yet?">
            Request one
          </AuthLink>
        </>
      }
    >
      <SignInFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} autoFocus />
    </AuthCard>
  );
}
