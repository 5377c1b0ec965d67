import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { VerifyPaymentResponse } from '@kasuwa/contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { checkoutApi } from '../../api/payments';
import { pathOf, rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';
import { reloadCart } from '../cart/cartStore';
import { startPayment } from './startPayment';

export const VERIFY_TEXTS = {
  verifyingTitle: 'Verifying Your Payment',
  verifyingText: 'Please wait while we verify your payment. This may take a moment.',
  verifiedTitle: 'Payment Verified!',
  verifiedText: 'Your payment has been successfully verified',
  redirecting: 'Taking you to your order…',
  redirectingMany: 'Taking you to your orders…',
  signInToSee: 'Sign in to see your order',
  signInToSeeMany: 'Sign in to see your orders',
  nothingCharged: 'Nothing was charged.',
  failedTitle: 'Payment Verification Failed',
  failedText: 'There was an issue verifying your payment.',
  noReference: 'No payment reference found',
  exception: 'An error occurred while verifying your payment',
  paidSince: 'This checkout was paid since with another payment: there is nothing more to pay.',
  seeOrder: 'See your order',
} as const;

const REDIRECT_MS = 2000;
/** Paystack may still be settling when the browser comes back: ask again a few times before giving up. */
const PENDING_RETRIES = 3;
const RETRY_MS = 2000;

type State =
  | { phase: 'verifying' }
  /** target: the order's page (one seller), or the orders list filtered to this checkout (several sellers). */
  | { phase: 'verified'; message: string; target: string; many: boolean }
  /**
   * retrySession: the checkout whose payment failed or was abandoned; its items are held until heldUntil, so it can be
   * paid again. notCharged: the provider said the payment did not go through.
   */
  | { phase: 'failed'; message: string; retrySession?: number; heldUntil?: string; notCharged?: boolean; paidSince?: string };

/** Where a verified payment lands: that order's page, or the checkout's orders when it was split by seller. */
export function orderTarget(data: VerifyPaymentResponse['data']): { target: string; many: boolean } {
  const orders = data?.orders ?? [];
  if (orders.length === 1) return { target: `/orders/${orders[0].id}/buyer`, many: false };
  if (data?.checkoutSessionId) return { target: `/profile?checkout=${data.checkoutSessionId}#orders`, many: true };
  return { target: '/profile#orders', many: true };
}

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** "5:06 PM" today, "November 24, 5:06 PM" otherwise. */
export function heldUntilText(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? timeOnly.format(d) : dayAndTime.format(d);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function verify(reference: string): Promise<State> {
  for (let attempt = 0; ; attempt += 1) {
    let res;
    try {
      res = await checkoutApi.verify(reference);
    } catch (err) {
      // A reason from the server (unknown reference...) is worth showing; a broken connection is not.
      const message = err instanceof ApiError && err.status && err.status < 500 ? err.message : VERIFY_TEXTS.exception;
      return { phase: 'failed', message };
    }
    const status = String(res.status ?? '')
      .trim()
      .toLowerCase();
    if (status === 'success')
      return { phase: 'verified', message: res.message?.trim() || VERIFY_TEXTS.verifiedText, ...orderTarget(res.data) };
    // An old failed attempt's page: the checkout was paid since, so there is nothing to retry or hold.
    if (res.data?.checkoutPaid) return { phase: 'failed', message: VERIFY_TEXTS.paidSince, paidSince: orderTarget(res.data).target };
    if (status !== 'pending' || attempt >= PENDING_RETRIES) {
      const notCharged = status === 'failed' || status === 'abandoned';
      const heldUntil = res.data?.expiresAt && new Date(res.data.expiresAt).getTime() > Date.now() ? res.data.expiresAt : undefined;
      // A checkout whose hold ran out cannot be paid again: its items went back on sale.
      const retrySession = notCharged && heldUntil ? res.data?.checkoutSessionId : undefined;
      return { phase: 'failed', message: res.message?.trim() || VERIFY_TEXTS.failedText, retrySession, heldUntil, notCharged };
    }
    await wait(RETRY_MS);
  }
}

function RetryButton({ checkoutSessionId }: { checkoutSessionId: number }) {
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!session) {
    // Back on another host than the one signed in on: sign in here, then come back to this page to pay.
    return (
      <Button
        variant="contained"
        onClick={() => {
          rememberReturnTo(pathOf(location));
          void navigate('/auth');
        }}
      >
        Sign in to try payment again
      </Button>
    );
  }
  return (
    <Button
      variant="contained"
      loading={busy}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void startPayment(checkoutSessionId).then((leaving) => !leaving && setBusy(false));
      }}
    >
      Try payment again
    </Button>
  );
}

/** /payments/verify?reference=… (the product screens): where Paystack (or the test checkout) sends the buyer back. */
export default function PaymentVerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = Boolean(useSession());
  const reference = params.get('reference')?.trim() ?? '';
  const [state, setState] = useState<State>(() =>
    reference ? { phase: 'verifying' } : { phase: 'failed', message: VERIFY_TEXTS.noReference },
  );

  useEffect(() => {
    if (!reference) return;
    let alive = true;
    setState({ phase: 'verifying' });
    void verify(reference).then((next) => alive && setState(next));
    return () => {
      alive = false;
    };
  }, [reference]);

  const target = state.phase === 'verified' ? state.target : null;
  useEffect(() => {
    if (!target) return;
    // Signed out (the payment came back to another host): the result shows, and the order asks for sign-in.
    if (!signedIn) return;
    void reloadCart(); // checkout emptied the server cart
    const timer = setTimeout(() => void navigate(target, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [target, signedIn, navigate]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <div role="status" aria-live="polite">
          {state.phase === 'verifying' && (
            <>
              <CircularProgress aria-hidden sx={{ mb: 2 }} />
              <Typography variant="h2" component="h1" gutterBottom>
                {VERIFY_TEXTS.verifyingTitle}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{VERIFY_TEXTS.verifyingText}</Typography>
            </>
          )}
          {state.phase === 'verified' && (
            <>
              <CheckCircleIcon aria-hidden sx={{ fontSize: 64, color: 'success.main', mb: 1 }} />
              <Typography variant="h2" component="h1" gutterBottom>
                {VERIFY_TEXTS.verifiedTitle}
              </Typography>
              <Typography>{state.message}</Typography>
              {signedIn ? (
                <Typography sx={{ color: 'text.secondary', mt: 1 }}>
                  {state.many ? VERIFY_TEXTS.redirectingMany : VERIFY_TEXTS.redirecting}
                </Typography>
              ) : (
                <Button
                  variant="contained"
                  sx={{ mt: 3 }}
                  onClick={() => {
                    rememberReturnTo(state.target);
                    void navigate('/auth');
                  }}
                >
                  {state.many ? VERIFY_TEXTS.signInToSeeMany : VERIFY_TEXTS.signInToSee}
                </Button>
              )}
            </>
          )}
          {state.phase === 'failed' && (
            <>
              <CancelIcon aria-hidden sx={{ fontSize: 64, color: 'error.main', mb: 1 }} />
              <Typography variant="h2" component="h1" gutterBottom>
                {VERIFY_TEXTS.failedTitle}
              </Typography>
              <Typography>{state.message}</Typography>
              {state.notCharged && (
                <Typography sx={{ mt: 1.5, fontWeight: 600 }} data-testid="payment-held">
                  {VERIFY_TEXTS.nothingCharged}{' '}
                  {state.heldUntil
                    ? `Your items are held for you until ${heldUntilText(state.heldUntil)}.`
                    : 'Your items went back on sale; check out again to buy them.'}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
                {/* Paying again is what the buyer came for: it is the main action whenever it is possible. */}
                {state.retrySession !== undefined && <RetryButton checkoutSessionId={state.retrySession} />}
                {state.paidSince && (
                  <Button variant="contained" onClick={() => void navigate(state.paidSince!)}>
                    {VERIFY_TEXTS.seeOrder}
                  </Button>
                )}
                <Button href="/" variant={state.retrySession !== undefined || state.paidSince ? 'outlined' : 'contained'}>
                  Return to Home
                </Button>
              </Stack>
            </>
          )}
        </div>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4 }}>
          Having trouble with your payment?{' '}
          <Link href="/contact-us" sx={{ fontWeight: 600 }}>
            Contact support
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
