import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import { AuthCard, AuthForm } from './AuthCard';

export const RESET_SENT_DEFAULT = 'Password reset instructions have been sent to your email.';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  // The central handler shows a failure as a toast (the product error texts).
  const send = async () => {
    const res = await authApi.forgotPassword({ email: email.trim() });
    setSent(res.message || RESET_SENT_DEFAULT);
  };

  return (
    <AuthCard title="Forgot password" subtitle="Enter the email you signed up with and we will send you a link to choose a new password.">
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {sent}
          </Alert>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The link works once and expires after one hour. Check your spam folder if it does not arrive.
          </Typography>
          <Button href="/auth" variant="contained">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <AuthForm
          onSubmit={send}
          submitLabel="Send reset link"
          after={
            <Link href="/auth" underline="hover" sx={{ textAlign: 'center' }}>
              Back to sign in
            </Link>
          }
        >
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}
