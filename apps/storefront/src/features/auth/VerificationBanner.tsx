import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { authApi, VERIFICATION_CHANGED_EVENT } from '../../api/auth';
import { profileApi } from '../../api/profile';
import { useApiMutation, useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { useSession } from './useSession';

/**
 * Rule "verified people": a signed-in user whose e-mail is not verified sees why checkout, selling and withdrawing
 * wait, with "Resend link" (limited per account and per network on the server). A phone-first account without an
 * address is sent to the profile to add one. Loaded only for signed-in visitors, after hydration.
 */
export default function VerificationBanner() {
  // One way to fetch (docs/storefront.md: Data): react-query already comes with a signed-in visit (the cart's sync),
  // and this banner is loaded for signed-in visitors only. A failed read shows no banner.
  const userId = useSession()?.user.userId ?? null;
  const { data, reload } = useApiQuery(queryKeys.verification(userId), async () => (await profileApi.me({ silent: true })).data);
  const verification = data?.verification ?? null;
  const email = data?.email ?? '';
  // A refused resend (too many tries) is said by the central handler.
  const resend = useApiMutation(() => authApi.resendVerification({}), { onSuccess: (res) => toast.success(res.message) });

  // Read again when the verification changed (the link was used, a code was confirmed).
  useEffect(() => {
    window.addEventListener(VERIFICATION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(VERIFICATION_CHANGED_EVENT, reload);
  }, [reload]);

  if (!verification?.required || verification.email) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      action={
        verification.hasEmail ? (
          <Button color="inherit" size="small" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isPending}>
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
