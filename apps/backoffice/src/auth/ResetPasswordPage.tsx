import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TextField } from '@mui/material';
import type { ResetPasswordRequest } from '@kasuwa/contracts';
import { apiJson } from '../providers/http';
import { AuthCard } from './AuthCard';
import { NewPasswordField, PasswordField } from '@kasuwa/ui/PasswordField';
import { useAuthForm } from './useAuthForm';

const MISMATCH = 'Passwords do not match';
const DONE = 'Your password has been reset. Sign in with the new password.';

/** /app.admin/reset-password?email=&token= — sets a new password with the emailed token. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [mismatch, setMismatch] = useState(false);
  const initial = { email: params.get('email') ?? '', token: params.get('token') ?? '', newPassword: '', confirmPassword: '' };
  const { form, bind, error, setError, pending, sendThenLogin } = useAuthForm(initial, (field) => {
    if (field === 'newPassword' || field === 'confirmPassword') setMismatch(false);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The product validation rules: a mismatch is reported here and no call is made.
    if (form.newPassword !== form.confirmPassword) {
      setError('');
      setMismatch(true);
      return;
    }
    void sendThenLogin(async () => {
      const body: ResetPasswordRequest = { ...form, email: form.email.trim(), token: form.token.trim() };
      const res = await apiJson<{ success?: boolean; message?: string }>('POST', '/onboarding/admin/email/reset-password', body);
      return res?.message || DONE;
    }, 'Admin reset password failed');
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Use the reset token from the email we sent you."
      onSubmit={onSubmit}
      submitLabel="Reset password"
      pendingLabel="Saving…"
      pending={pending}
      error={mismatch ? MISMATCH : error}
      links={[
        { to: '/forgot-password', lead: 'No token?', text: 'Send a new one' },
        { to: '/login', text: 'Back to sign in' },
      ]}
    >
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <TextField label="Reset token" autoComplete="one-time-code" {...bind('token')} />
      <NewPasswordField label="New password" refuseShort {...bind('newPassword')} />
      <PasswordField label="Confirm password" autoComplete="new-password" error={mismatch} {...bind('confirmPassword')} />
    </AuthCard>
  );
}
