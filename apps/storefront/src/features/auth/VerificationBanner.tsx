import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AccountVerification } from '@kasuwa/contracts';
import { useEffect, useState } from 'react';
import { authApi, VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { profileApi } from '../../api/profile';
import { toast } from '../../app/toast';

/**
 * Rule "verified people": a signed-in user whose e-mail is not verified sees why checkout, selling and withdrawing
 * wait, with "Resend link" (limited per account and per network on the server). A phone-first account without an
 * address is sent to the profile to add one. Loaded only for signed-in visitors, after hydration.
 */
export default function VerificationBanner() {
  const [verification, setVerification] = useState<AccountVerification | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    const load = () => {
      profileApi
        .me({ silent: true })
        .then((res) => {
          if (!alive) return;
          setVerification(res.data.verification);
          setEmail(res.data.email);
        })
        .catch(() => undefined);
    };
    load();
    window.addEventListener(VERIFICATION_CHANGED_EVENT, load);
    return () => {
      alive = false;
      window.removeEventListener(VERIFICATION_CHANGED_EVENT, load);
    };
  }, []);

  if (!verification?.required || verification.email) return null;
  const resend = async () => {
    setBusy(true);
    try {
      toast.success((await authApi.resendVerification({})).message);
    } catch {
      /* the central handler has said why (e.g. too many tries) */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        verification.hasEmail ? (
          <Button color="inherit" size="small" onClick={() => void resend()} loading={busy} disabled={busy}>
            Resend link
          </Button>
        ) : (
          <Button color="inherit" size="small" href="/profile">
            Add e-mail
          </Button>
        )
      }
    >
      {verification.hasEmail
        ? `Please verify your e-mail address: open the link we sent to ${email}. Until then you can browse, chat and keep a cart, but not check out, sell or withdraw.`
        : 'Add and verify an e-mail address in your profile to check out, sell or withdraw.'}
    </Alert>
  );
}
