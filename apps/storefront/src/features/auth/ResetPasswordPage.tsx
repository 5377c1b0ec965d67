import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard } from './AuthCard';
import { PasswordField } from '@kasuwa/ui/PasswordField';
import { PASSWORD_LENGTH_HINT, PASSWORDS_DO_NOT_MATCH, passwordProblem } from './passwordRules';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // Checked here first: a mismatch must not cost a call (spec §5).
    const confirm = newPassword !== confirmPassword ? PASSWORDS_DO_NOT_MATCH : undefined;
    const password = passwordProblem(newPassword) ?? undefined;
    setError({ password, confirm });
    if (confirm || password) return;
    setBusy(true);
    try {
      const res = await authApi.resetPassword({ email, token, newPassword, confirmPassword });
      toast.success(res.message || 'Your password has been reset. Please sign in.');
      navigate('/auth', { replace: true });
    } catch {
      setBusy(false);
    }
  };

  if (!email || !token) {
    return (
      <AuthCard title="Reset password">
        <Alert severity="error" sx={{ mb: 2 }}>
          This reset link is incomplete. Please request a new one.
        </Alert>
        <Button href="/forgot-password" variant="contained">
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Choose a new password for <strong>{email}</strong>.
      </Typography>
      <Box component="form" onSubmit={onSubmit}>
        <Stack spacing={2}>
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            error={Boolean(error.password)}
            helperText={error.password ?? PASSWORD_LENGTH_HINT}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            error={Boolean(error.confirm)}
            helperText={error.confirm}
          />
          <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy}>
            Reset password
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
