import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard, AuthFooter, AuthForm } from './AuthCard';
import { NameFields } from './NameFields';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import { takeReturnTo } from './returnTo';
import { saveSession, sessionUserFrom } from './session';

export default function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '' });
  const passwords = useNewPassword();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const send = async () => {
    const res = await authApi.register({
      email: form.email.trim(),
      password: passwords.password,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
    });
    saveSession(res.accessToken, sessionUserFrom(res.user));
    toast.success('Welcome to Kasuwa! Your account is ready.');
    void navigate(takeReturnTo(), { replace: true });
  };

  return (
    <AuthCard title="Sign up" subtitle="Create your Kasuwa account to buy and sell across Nigeria.">
      <AuthForm onSubmit={() => passwords.check() && send()} submitLabel="Create account">
        <NameFields value={form} onChange={set} />
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <NewPasswordFields label="Password" name="password" {...passwords.fields} />
      </AuthForm>
      <AuthFooter lead="Already have an account?" href="/auth">
        Sign in
      </AuthFooter>
    </AuthCard>
  );
}
