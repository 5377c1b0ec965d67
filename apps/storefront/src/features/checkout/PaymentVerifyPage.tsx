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
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { checkoutApi } from '../../api/payments';
import { reloadCart } from '../cart/cartStore';
import { startPayment } from './startPayment';

export const VERIFY_TEXTS = {
  verifyingTitle: 'Verifying Your Payment',
  verifyingText: 'Please wait while we verify your payment. This may take a moment.',
  verifiedTitle: 'Payment Verified!',
  verifiedText: 'Your payment has been successfully verified',
  redirecting: 'Redirecting you to the dashboard...',
  failedTitle: 'Payment Verification Failed',
  failedText: 'There was an issue verifying your payment.',
  noReference: 'No payment reference found',
  exception: 'An error occurred while verifying your payment',
} as const;

const REDIRECT_MS = 2000;
/** Paystack may still be settling when the browser comes back: ask again a few times before giving up. */
const PENDING_RETRIES = 3;
const RETRY_MS = 2000;

type State =
  | { phase: 'verifying' }
  | { phase: 'verified'; message: string }
  /** retrySession: the checkout whose payment failed or was abandoned; its items are still held, so it can be paid again. */
  | { phase: 'failed'; message: string; retrySession?: number };

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
    const status = String(res.status ?? '').trim().toLowerCase();
    if (status === 'success') return { phase: 'verified', message: res.message?.trim() || VERIFY_TEXTS.verifiedText };
    if (status !== 'pending' || attempt >= PENDING_RETRIES) {
      const retrySession = status === 'failed' || status === 'abandoned' ? res.data?.checkoutSessionId : undefined;
      return { phase: 'failed', message: res.message?.trim() || VERIFY_TEXTS.failedText, retrySession };
    }
    await wait(RETRY_MS);
  }
}

function RetryButton({ checkoutSessionId }: { checkoutSessionId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
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

/** /payments/verify?reference=… (spec §2): where Paystack (or the test checkout) sends the buyer back. */
export default function PaymentVerifyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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

  useEffect(() => {
    if (state.phase !== 'verified') return;
    void reloadCart(); // checkout emptied the server cart
    const timer = setTimeout(() => navigate({ pathname: '/profile', hash: '#orders' }, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, navigate]);

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
              <Typography sx={{ color: 'text.secondary', mt: 1 }}>{VERIFY_TEXTS.redirecting}</Typography>
            </>
          )}
          {state.phase === 'failed' && (
            <>
              <CancelIcon aria-hidden sx={{ fontSize: 64, color: 'error.main', mb: 1 }} />
              <Typography variant="h2" component="h1" gutterBottom>
                {VERIFY_TEXTS.failedTitle}
              </Typography>
              <Typography>{state.message}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
                <Button href="/" variant="contained">
                  Return to Home
                </Button>
                {state.retrySession !== undefined && (
                  <RetryButton checkoutSessionId={state.retrySession} />
                )}
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
