import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack, TextField } from '@mui/material';
import { PASSWORD_MIN, type AdminSignupRequest, type MessageResponse } from '@kasuwa/contracts';
import { adminPath } from '../config';
import { apiJson, messageOf } from '../providers/http';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLink';
import { PasswordField } from '@kasuwa/ui/PasswordField';
import type { NoticeState } from './LoginPage';

const AWAITING_APPROVAL =
  'Your request has been sent. An existing admin must approve it before you can sign in.';

const empty: AdminSignupRequest = { email: '', firstName: '', lastName: '', phone: '', password: '' };

/**
 * /app.admin/signup — files a request for an admin account (DECISIONS: signup never makes an
 * admin by itself; an existing admin approves it under "Admin requests").
 */
export default function SignupPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const bind = (field: keyof AdminSignupRequest) => ({
    name: field,
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value })),
    required: true,
    fullWidth: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setPending(true);
    try {
      const body: AdminSignupRequest = {
        ...form,
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim(),
      };
      const res = await apiJson<Partial<MessageResponse>>('POST', '/auth/admin/signup', body);
      // Say that approval is pending even if the server's own message does not.
      const msg = res?.message ?? '';
      const notice = /approv/i.test(msg) ? msg : `${msg} ${AWAITING_APPROVAL}`.trim();
      navigate(adminPath('/login'), { state: { notice } satisfies NoticeState });
    } catch (err) {
      setError(messageOf(err, 'Admin Signup failed'));
      setPending(false);
    }
  };

  return (
    <AuthCard
      title="Request an admin account"
      subtitle="An existing admin reviews every request. You can sign in once it is approved."
      onSubmit={onSubmit}
      submitLabel="Send request"
      pendingLabel="Sending request…"
      pending={pending}
      error={error}
      footer={
        <AuthLink to="/login" lead="Already approved?">
          Sign in
        </AuthLink>
      }
    >
      <TextField label="Email" type="email" autoComplete="email" autoFocus {...bind('email')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </Stack>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        helperText="For example 0803 123 4567"
        {...bind('phone')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        helperText={`At least ${PASSWORD_MIN} characters`}
        slotProps={{ htmlInput: { minLength: PASSWORD_MIN } }}
        {...bind('password')}
      />
    </AuthCard>
  );
}
