import { useState } from 'react';
import { Title, useNotify, usePermissions } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { AdminSelf, AdminTwoFactorConfirmed, AdminTwoFactorEnrolment } from '@kasuwa/contracts';
import { apiJson, messageOf, tokenStore } from '../providers/http';

/**
 * /app.admin/two-factor — turn on two-factor sign-in: the secret and its otpauth:// address (shown once; type the
 * secret into an authenticator app, or open the address on the phone), confirmed by a first code; then the ten recovery
 * codes, shown once. With ADMIN_2FA=required it is the only page an admin without it sees.
 */
export default function TwoFactorPage() {
  const { permissions, refetch } = usePermissions<AdminSelf>();
  const notify = useNotify();
  const [enrolment, setEnrolment] = useState<AdminTwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await apiJson<AdminTwoFactorEnrolment>('POST', '/auth/admin/2fa/enrol', undefined, tokenStore.get() ?? undefined));
    } catch (error) {
      notify(messageOf(error, 'Could not start two-factor sign-in'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const res = await apiJson<AdminTwoFactorConfirmed>(
        'POST',
        '/auth/admin/2fa/confirm',
        { otp: code.trim() },
        tokenStore.get() ?? undefined,
      );
      tokenStore.set(res.accessToken); // older sessions ended with the enrolment
      setCodes(res.recoveryCodes);
      setEnrolment(null);
    } catch (error) {
      notify(messageOf(error, 'That code is not right'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Title title="Two-factor sign-in" />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Two-factor sign-in
            </Typography>
            {permissions?.mustEnrol && !codes && <Alert severity="warning">Set up two-factor sign-in before using the back office.</Alert>}
            {codes ? (
              <>
                <Alert severity="success">
                  Two-factor sign-in is on. Keep these recovery codes somewhere safe: each opens one sign-in without your phone, and they
                  are shown only now.
                </Alert>
                <Box component="ul" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', columns: 2, m: 0 }}>
                  {codes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </Box>
                <Button
                  variant="contained"
                  onClick={() => void refetch().then(() => window.location.assign(window.location.pathname.replace(/two-factor$/, '')))}
                >
                  I have saved them
                </Button>
              </>
            ) : permissions?.twoFactorEnabled ? (
              <Alert severity="success">Two-factor sign-in is on for your account.</Alert>
            ) : enrolment ? (
              <>
                <Typography>
                  Scan this QR code with your authenticator app (Google Authenticator, Authy, 1Password…), or type the secret below. It is
                  shown only once.
                </Typography>
                <Box
                  component="img"
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
                  alt="QR code of your two-factor secret, for your authenticator app"
                  width={192}
                  height={192}
                  sx={{ alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 1 }}
                />
                <TextField
                  label="Secret"
                  value={enrolment.secret}
                  slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
                  fullWidth
                />
                <TextField
                  label="otpauth address"
                  value={enrolment.otpauthUri}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  fullWidth
                  multiline
                />
                <TextField
                  label="First 6-digit code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  required
                />
                <Button variant="contained" onClick={() => void confirm()} disabled={busy || !/^\d{6}$/.test(code.trim())}>
                  Turn on
                </Button>
              </>
            ) : (
              <>
                <Typography>Sign-in will ask for a code from your phone as well as your password.</Typography>
                <Button variant="contained" onClick={() => void start()} disabled={busy}>
                  Set up two-factor sign-in
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
