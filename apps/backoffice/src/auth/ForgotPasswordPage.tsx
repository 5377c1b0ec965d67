import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Alert, TextField } from '@mui/material';
import type { AdminForgotPasswordResponse } from '@kasuwa/contracts';
import { adminPath } from '../config';
import { apiJson, messageOf } from '../providers/http';
import { AuthCard } from './AuthCard';

const SENT = 'Password reset instructions have been sent to your email.';
const REDIRECT_MS = 3000; // the product constants

/** /app.admin/forgot-password — asks for a reset email, then moves on to the reset page. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const query = new URLSearchParams({ email: email.trim() });
    const timer = setTimeout(() => void navigate(`${adminPath('/reset-password')}?${query}`), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, email, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    try {
      const res = await apiJson<Partial<AdminForgotPasswordResponse>>('POST', '/onboarding/admin/forgot-password', { email: email.trim() });
      setSent(res?.message || SENT);
    } catch (err) {
      // The product error texts: forgot-password failures go to a toast.
      notify(messageOf(err, 'Admin forgot password failed'), { type: 'error', multiLine: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your admin account. We will send you a reset token."
      onSubmit={(e) => void onSubmit(e)}
      submitLabel="Send reset instructions"
      pendingLabel="Sending…"
      pending={pending}
      submitDisabled={!!sent}
      links={[
        { to: '/reset-password', lead: 'Already have a token?', text: 'Reset your password' },
        { to: '/login', lead: 'Remembered it?', text: 'Sign in' },
      ]}
    >
      {sent && (
        <Alert severity="success" role="status">
          <div>{sent}</div>
          <div>Taking you to the reset page…</div>
        </Alert>
      )}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        autoFocus
        value={email}
        disabled={!!sent}
        onChange={(e) => setEmail(e.target.value)}
      />
    </AuthCard>
  );
}
