import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { HttpError, Title, useGetOne, useNotify, useRefresh } from 'react-admin';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { formatOrderMoney, type AdminTransaction, formatStamp } from '@kasuwa/contracts';
import { BackToList, DetailError, DetailLoading } from '../../common/DetailStates';
import { LabelledValue } from '../../common/LabelledValue';
import { ShowSection } from '../../common/ShowSection';
import { useAdminApi } from '../../common/useAdminApi';
import { errorCode, errorMessage } from '../../common/errors';
import { orderPath } from '../orders/paths';
import { userPath } from '../users/paths';
import { transactionsPath } from './paths';
import { TransactionPaymentStatusChip, TransactionStatusChip, customerName, paymentMethodLabel } from './transactionLabels';
import { CanWrite } from '../../common/CanWrite';

interface ReverifyResponse {
  message: string;
  data: { outcome: string; status: string; transaction: AdminTransaction };
}

const PROVIDERS: Record<AdminTransaction['provider'], string> = {
  paystack: 'Paystack',
  test: 'Test checkout (no Paystack key configured)',
  cash: 'Cash to the seller on delivery (not through Kasuwa)',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <LabelledValue label={label}>{children}</LabelledValue>
    </Grid>
  );
}

/** A titled part of the page whose facts sit in a grid (a definition list). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ShowSection title={title}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        {children}
      </Grid>
    </ShowSection>
  );
}

/**
 * "Re-verify with Paystack": asks the provider again by reference and applies the payment if it
 * went through (the same settle step as the callback and the webhook, so never twice).
 */
function ReverifyButton({ transaction }: { transaction: AdminTransaction }) {
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const reverify = async () => {
    setBusy(true);
    try {
      const res = await api<ReverifyResponse>('POST', `/inner/admin/transactions/${transaction.id}/reverify`);
      const ok = res.data?.status === 'success';
      notify(res.message || 'Transaction re-verified', { type: ok ? 'success' : 'info' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, 'Failed to re-verify the transaction'), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SyncIcon />}
      onClick={() => void reverify()}
      disabled={busy}
    >
      {busy ? 'Re-verifying...' : 'Re-verify with Paystack'}
    </Button>
  );
}

const BackLink = () => <BackToList to={transactionsPath()}>Back to transactions</BackToList>;

function TransactionPage({ t }: { t: AdminTransaction }) {
  return (
    <Stack spacing={2} sx={{ mt: { xs: 1, sm: 2 }, mb: 3 }}>
      <Title title={`Transaction ${t.reference}`} />
      <BackLink />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h1">
                {formatOrderMoney(t.amount, t.currency || 'NGN')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                Transaction {t.reference}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                <TransactionStatusChip status={t.status} />
                <TransactionPaymentStatusChip status={t.paymentStatus} />
              </Stack>
            </Box>
            <CanWrite resource="transactions">
              <ReverifyButton transaction={t} />
            </CanWrite>
          </Stack>
          {t.reviewReason && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              <AlertTitle>Needs review</AlertTitle>
              {t.reviewReason}
            </Alert>
          )}
          <Section title="Payment">
            <Fact label="Reference">{t.reference}</Fact>
            <Fact label="Amount">{formatOrderMoney(t.amount, t.currency || 'NGN')}</Fact>
            <Fact label="Currency">{t.currency}</Fact>
            <Fact label="Method">{paymentMethodLabel(t.paymentMethod)}</Fact>
            <Fact label="Provider">{PROVIDERS[t.provider] ?? t.provider}</Fact>
            <Fact label="Started">{formatStamp(t.createdAt)}</Fact>
            <Fact label="Paid on">{t.paymentDate ? formatStamp(t.paymentDate) : 'Not paid'}</Fact>
          </Section>
          <Section title="Customer">
            <Fact label="Name">
              <Link component={RouterLink} to={userPath(t.user.id)}>
                {customerName(t.user)}
              </Link>
            </Fact>
            <Fact label="Email">
              <Link href={`mailto:${t.user.email}`}>{t.user.email}</Link>
            </Fact>
          </Section>
          <Section title="Orders">
            <Fact label="Checkout">#{t.checkoutSessionId}</Fact>
            <Fact label={t.orders.length === 1 ? 'Order' : 'Orders'}>
              {t.orders.length === 0
                ? 'None'
                : t.orders.map((o, i) => (
                    <span key={o.id}>
                      {i > 0 && ', '}
                      <Link component={RouterLink} to={orderPath(o.id, 'seller')}>
                        {o.orderNumber}
                      </Link>
                    </span>
                  ))}
            </Fact>
          </Section>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** /app.admin/transactions/:id — the real transaction (docs/money.md), with "Re-verify with Paystack". */
export default function TransactionShow() {
  const { id = '' } = useParams();
  const numericId = /^\d+$/.test(id) ? Number(id) : 0;
  const { data, isPending, error, refetch } = useGetOne<AdminTransaction>(
    'transactions',
    { id: numericId },
    { enabled: numericId > 0, retry: false },
  );
  if (isPending && numericId > 0) return <DetailLoading title="Transaction" label="Loading transaction" />;
  if (error || !data) {
    const notFound = !error || (error instanceof HttpError && (error.status === 404 || error.status === 400));
    const detail = error instanceof Error ? error.message : '';
    return (
      <DetailError
        title="Transaction"
        back={<BackLink />}
        heading={notFound ? 'Transaction not found' : 'Failed to fetch transactions'}
        onRetry={notFound ? undefined : () => void refetch()}
      >
        {detail && errorCode(error) !== 'TRANSACTION_NOT_FOUND' && detail !== 'Failed to fetch transactions' ? detail : null}
      </DetailError>
    );
  }
  return <TransactionPage t={data} />;
}
