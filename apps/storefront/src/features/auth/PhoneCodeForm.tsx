import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthResponse } from '@kasuwa/contracts';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import { AuthForm } from './AuthCard';

/**
 * A phone number, then the 6-digit code sent to it by SMS: phone sign-in on the sign-in page, "Verify phone" in the
 * profile (the same call: with a session it verifies that account's phone). `onVerified` gets the server's answer.
 */
export function PhoneCodeForm({ submitLabel, onVerified }: { submitLabel: string; onVerified: (res: AuthResponse) => void }) {
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');

  const sendCode = async () => {
    const res = await authApi.phoneStart({ phone: phone.trim() });
    setSentTo(res.phone);
    setCode('');
    setNote(`We sent a 6-digit code to ${res.phone}. It works for ${res.expiresInMinutes} minutes.`);
  };

  if (!sentTo) {
    return (
      // Keyed: each step is its own form (a finished step's spinner must not carry over to the next).
      <AuthForm key="number" onSubmit={sendCode} submitLabel="Send code">
        <TextField
          label="Phone number"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          helperText="A Nigerian mobile number; we send a code by SMS."
          required
          fullWidth
        />
      </AuthForm>
    );
  }
  return (
    <AuthForm
      key="code"
      onSubmit={async () => onVerified(await authApi.phoneVerify({ phone: sentTo, code: code.trim() }))}
      submitLabel={submitLabel}
      after={
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No SMS?{' '}
          <Link component="button" type="button" onClick={() => void sendCode()} underline="hover">
            Send a new code
          </Link>{' '}
          or{' '}
          <Link component="button" type="button" onClick={() => setSentTo(null)} underline="hover">
            change the number
          </Link>
          .
        </Typography>
      }
    >
      <Typography variant="body2" role="status">
        {note}
      </Typography>
      <TextField
        label="6-digit code"
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '\\d{6}', maxLength: 6 } }}
        required
        fullWidth
        autoFocus
      />
    </AuthForm>
  );
}
