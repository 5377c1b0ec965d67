import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard, AuthForm } from './AuthCard';
import { NewPasswordFields, type NewPassword } from './NewPasswordFields';
import { newPasswordErrors, type NewPasswordErrors } from './passwordRules';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [passwords, setPasswords] = useState<NewPassword>({ password: '', confirm: '' });
  const [error, setError] = useState<NewPasswordErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = newPasswordErrors(passwords.password, passwords.confirm);
    setError(errors);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    try {
      const res = await authApi.resetPassword({ email, token, newPassword: passwords.password, confirmPassword: passwords.confirm });
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
      <AuthForm onSubmit={onSubmit} busy={busy} submitLabel="Reset password">
        <NewPasswordFields label="New password" name="newPassword" value={passwords} onChange={(change) => setPasswords((p) => ({ ...p, ...change }))} errors={error} />
      </AuthForm>
    </AuthCard>
  );
}
