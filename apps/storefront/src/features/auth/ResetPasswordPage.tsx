import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthCard, AuthForm } from './AuthCard';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const passwords = useNewPassword();

  const send = async () => {
    const res = await authApi.resetPassword({ email, token, newPassword: passwords.password, confirmPassword: passwords.confirm });
    toast.success(res.message || 'Your password has been reset. Please sign in.');
    void navigate('/auth', { replace: true });
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
      <AuthForm onSubmit={() => passwords.check() && send()} submitLabel="Reset password">
        <NewPasswordFields label="New password" name="newPassword" {...passwords.fields} />
      </AuthForm>
    </AuthCard>
  );
}
