import type { FormEvent } from 'react';
import { Stack, TextField } from '@mui/material';
import type { AdminSignupRequest, MessageResponse } from '@kasuwa/contracts';
import { apiJson } from '../providers/http';
import { AuthCard } from './AuthCard';
import { NewPasswordField } from '@kasuwa/ui/PasswordField';
import { useAuthForm } from './useAuthForm';

const AWAITING_APPROVAL = 'Your request has been sent. An existing admin must approve it before you can sign in.';

const empty: AdminSignupRequest = { email: '', firstName: '', lastName: '', phone: '', password: '' };

/**
 * /app.admin/signup — files a request for an admin account (docs/accounts-and-roles.md: signup never makes an
 * admin by itself; an existing admin approves it under "Admin requests").
 */
export default function SignupPage() {
  const { form, bind, error, pending, sendThenLogin } = useAuthForm(empty);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void sendThenLogin(async () => {
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
      return /approv/i.test(msg) ? msg : `${msg} ${AWAITING_APPROVAL}`.trim();
    }, 'Admin Signup failed');
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
      links={[{ to: '/login', lead: 'Already approved?', text: 'Sign in' }]}
    >
      <TextField label="Email" type="email" autoComplete="email" autoFocus {...bind('email')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
      </Stack>
      <TextField label="Phone" type="tel" autoComplete="tel" helperText="For example 0803 123 4567" {...bind('phone')} />
      <NewPasswordField label="Password" refuseShort {...bind('password')} />
    </AuthCard>
  );
}
