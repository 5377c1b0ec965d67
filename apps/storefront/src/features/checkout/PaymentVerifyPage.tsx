import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { VerifyPaymentResponse } from '@kasuwa/contracts';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { checkoutApi } from '../../api/payments';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
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

/** What one answer of the provider means; `pending`: still settling, asked again a few times before it counts. */
function outcome(res: VerifyPaymentResponse): { state: State; pending: boolean } {
  const status = String(res.status ?? '')
    .trim()
    .toLowerCase();
  if (status === 'success')
    return {
      state: { phase: 'verified', message: res.message?.trim() || VERIFY_TEXTS.verifiedText, ...orderTarget(res.data) },
      pending: false,
    };
  // An old failed attempt's page: the checkout was paid since, so there is nothing to retry or hold.
  if (res.data?.checkoutPaid)
    return { state: { phase: 'failed', message: VERIFY_TEXTS.paidSince, paidSince: orderTarget(res.data).target }, pending: false };
  const notCharged = status === 'failed' || status === 'abandoned';
  const heldUntil = res.data?.expiresAt && new Date(res.data.expiresAt).getTime() > Date.now() ? res.data.expiresAt : undefined;
  // A checkout whose hold ran out cannot be paid again: its items went back on sale.
  const retrySession = notCharged && heldUntil ? res.data?.checkoutSessionId : undefined;
  return {
    state: { phase: 'failed', message: res.message?.trim() || VERIFY_TEXTS.failedText, retrySession, heldUntil, notCharged },
    pending: status === 'pending',
  };
}

/** An answer and how many came for this payment: the first pending one is asked again, PENDING_RETRIES times. */
type Answer = ReturnType<typeof outcome> & { answers: number };
const waiting = (a: Answer) => a.pending && a.answers <= PENDING_RETRIES;

/** A reason from the server (unknown reference...) is worth showing; a broken connection is not. */
function failedText(err: unknown): string {
  return err instanceof ApiError && err.status && err.status < 500 ? err.message : VERIFY_TEXTS.exception;
}

/**
 * The provider's word on the payment (one way to fetch, docs/storefront.md: Data): asked again every RETRY_MS while it
 * is still pending, at most PENDING_RETRIES times, and then its last answer counts.
 */
function usePaymentState(reference: string): State {
  const client = useAppQueryClient();
  const key = queryKeys.paymentVerification(reference);
  const read = useApiQuery(
    key,
    async (): Promise<Answer> => ({
      ...outcome(await checkoutApi.verify(reference)),
      answers: (client.getQueryData<Answer>(key)?.answers ?? 0) + 1,
    }),
    {
      enabled: Boolean(reference),
      failedText,
      refetchInterval: (last) => (last && waiting(last) ? RETRY_MS : undefined),
    },
  );
  if (!reference) return { phase: 'failed', message: VERIFY_TEXTS.noReference };
  if (read.error) return { phase: 'failed', message: read.error };
  if (!read.data || waiting(read.data)) return { phase: 'verifying' };
  return read.data.state;
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

/** Each phase's picture and the page's heading under it. */
function PhaseTitle({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <>
      {icon}
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
    </>
  );
}

/** /payments/verify?reference=… (the product screens): where Paystack (or the test checkout) sends the buyer back. */
export default function PaymentVerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = Boolean(useSession());
  const reference = params.get('reference')?.trim() ?? '';
  const state = usePaymentState(reference);

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
              <PhaseTitle icon={<CircularProgress aria-hidden sx={{ mb: 2 }} />} title={VERIFY_TEXTS.verifyingTitle} />
              <Typography sx={{ color: 'text.secondary' }}>{VERIFY_TEXTS.verifyingText}</Typography>
            </>
          )}
          {state.phase === 'verified' && (
            <>
              <PhaseTitle
                icon={<CheckCircleIcon aria-hidden sx={{ fontSize: 64, color: 'success.main', mb: 1 }} />}
                title={VERIFY_TEXTS.verifiedTitle}
              />
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
              <PhaseTitle
                icon={<CancelIcon aria-hidden sx={{ fontSize: 64, color: 'error.main', mb: 1 }} />}
                title={VERIFY_TEXTS.failedTitle}
              />
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
