import { PASSWORD_MAX } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard } from './AuthCard';
import { PasswordField } from '@kasuwa/ui/PasswordField';
import { PASSWORD_LENGTH_HINT, PASSWORDS_DO_NOT_MATCH, passwordProblem } from './passwordRules';
import { takeReturnTo } from './returnTo';
import { saveSession, sessionUserFrom } from './session';

export default function SignUpPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const password = passwordProblem(form.password) ?? undefined;
    const confirm = form.password !== form.confirm ? PASSWORDS_DO_NOT_MATCH : undefined;
    setError({ password, confirm });
    if (password || confirm) return;
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
      <Box component="form" onSubmit={onSubmit}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="First name" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
            <TextField label="Last name" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
          </Stack>
          <TextField label="Email" type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
            error={Boolean(error.password)}
            helperText={error.password ?? PASSWORD_LENGTH_HINT}
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={form.confirm}
            onChange={set('confirm')}
            error={Boolean(error.confirm)}
            helperText={error.confirm}
          />
          <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy}>
            Create account
          </Button>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link href="/auth" underline="hover" sx={{ fontWeight: 600 }}>
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
