import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@kasuwa/contracts';
import { useId, useState } from 'react';
import { authApi, VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { toast } from '../../app/toast';
import { AuthForm } from '../auth/AuthCard';
import { PhoneCodeForm } from '../auth/PhoneCodeForm';

function State({ ok, label }: { ok: boolean; label: string }) {
  return ok ? (
    <Chip size="small" color="success" icon={<VerifiedIcon />} label={label} />
  ) : (
    <Chip size="small" variant="outlined" label="Not verified" />
  );
}

/**
 * Rule "verified people" on the profile: the e-mail address (resend the link, or add one to a phone-first account)
 * and the phone ("Verify phone": a number, then the SMS code). Selling and withdrawing need both; checkout the e-mail.
 */
export function VerificationPanel({ profile, onChanged }: { profile: UserProfile; onChanged: () => void }) {
  const v = profile.verification;
  const [dialog, setDialog] = useState<'phone' | 'email' | null>(null);
  const [email, setEmail] = useState('');
  const titleId = useId();
  const changed = () => {
    setDialog(null);
    onChanged();
    window.dispatchEvent(new Event(VERIFICATION_CHANGED_EVENT));
  };
  const sendLink = async (address?: string) => {
    toast.success((await authApi.resendVerification(address ? { email: address } : {})).message);
    changed();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={`${titleId}-h`}>
      <Typography id={`${titleId}-h`} variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        Verification
      </Typography>
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ minWidth: 64 }}>
            E-mail
          </Typography>
          <State ok={v.email && v.hasEmail} label="E-mail verified" />
          {!v.email &&
            (v.hasEmail ? (
              <Button size="small" onClick={() => void sendLink().catch(() => undefined)}>
                Resend link
              </Button>
            ) : (
              <Button size="small" onClick={() => setDialog('email')}>
                Add e-mail
              </Button>
            ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ minWidth: 64 }}>
            Phone
          </Typography>
          <State ok={Boolean(v.verifiedPhone)} label={v.verifiedPhone ? `Phone verified · ${v.verifiedPhone}` : 'Phone verified'} />
          {!v.verifiedPhone && (
            <Button size="small" onClick={() => setDialog('phone')}>
              Verify phone
            </Button>
          )}
        </Box>
        {v.required && (!v.email || !v.phone) && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Checkout needs a verified e-mail; selling and withdrawing need a verified e-mail and phone.
          </Typography>
        )}
      </Stack>
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{dialog === 'phone' ? 'Verify phone' : 'Add your e-mail address'}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {dialog === 'phone' ? (
            <PhoneCodeForm
              submitLabel="Verify phone"
              onVerified={() => {
                toast.success('Your phone number is verified.');
                changed();
              }}
            />
          ) : (
            <AuthForm onSubmit={() => sendLink(email.trim())} submitLabel="Send verification link">
              <TextField
                label="E-mail address"
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                fullWidth
              />
            </AuthForm>
          )}
        </DialogContent>
      </Dialog>
    </Paper>
  );
}
