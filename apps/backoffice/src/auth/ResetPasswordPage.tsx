import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '@mui/material';
import { PASSWORD_MIN, type ResetPasswordRequest } from '@kasuwa/contracts';
import { adminPath } from '../config';
import { apiJson, messageOf } from '../providers/http';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLink';
import { PasswordField } from '@kasuwa/ui/PasswordField';
import type { NoticeState } from './LoginPage';

const MISMATCH = 'Passwords do not match';
const DONE = 'Your password has been reset. Sign in with the new password.';

/** /app.admin/reset-password?email=&token= — sets a new password with the emailed token. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState({
    email: params.get('email') ?? '',
    token: params.get('token') ?? '',
    newPassword: '',
    confirmPassword: '',
  });
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const bind = (field: keyof typeof form) => ({
    name: field,
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [field]: e.target.value }));
      if (field === 'newPassword' || field === 'confirmPassword') setMismatch(false);
    },
    required: true,
    fullWidth: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    // Spec §5: a mismatch is reported here and no call is made.
    if (form.newPassword !== form.confirmPassword) {
      setMismatch(true);
      return;
    }
    setPending(true);
    try {
      const body: ResetPasswordRequest = { ...form, email: form.email.trim(), token: form.token.trim() };
      const res = await apiJson<{ success?: boolean; message?: string }>(
        'POST',
        '/onboarding/admin/email/reset-password',
        body,
      );
      const notice = res?.message || DONE;
      navigate(adminPath('/login'), { state: { notice } satisfies NoticeState });
    } catch (err) {
      setError(messageOf(err, 'Admin reset password failed'));
      setPending(false);
    }
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
      footer={
        <>
          <AuthLink to="/forgot-password" lead="No token?">
            Send a new one
          </AuthLink>
          <AuthLink to="/login">Back to sign in</AuthLink>
        </>
      }
    >
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <TextField label="Reset token" autoComplete="one-time-code" {...bind('token')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN} characters`}
        slotProps={{ htmlInput: { minLength: PASSWORD_MIN } }}
        {...bind('newPassword')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={mismatch}
        {...bind('confirmPassword')}
      />
    </AuthCard>
  );
}
