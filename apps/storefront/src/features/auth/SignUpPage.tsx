import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard, AuthFooter, AuthForm } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordErrors, type NewPasswordErrors } from './passwordRules';
import { takeReturnTo } from './returnTo';
import { saveSession, sessionUserFrom } from './session';

export default function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<NewPasswordErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = newPasswordErrors(form.password, form.confirm);
    setError(errors);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    try {
      const res = await authApi.register({
        email: form.email.trim(),
        password: form.password,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
      });
      saveSession(res.accessToken, sessionUserFrom(res.user));
      toast.success('Welcome to Kasuwa! Your account is ready.');
      navigate(takeReturnTo(), { replace: true });
    } catch {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign up" subtitle="Create your Kasuwa account to buy and sell across Nigeria.">
      <AuthForm onSubmit={onSubmit} busy={busy} submitLabel="Create account">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First name" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
        </Stack>
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <NewPasswordFields label="Password" name="password" value={form} onChange={(change) => setForm((f) => ({ ...f, ...change }))} errors={error} />
      </AuthForm>
      <AuthFooter lead="Already have an account?" href="/auth">
        Sign in
      </AuthFooter>
    </AuthCard>
  );
}
