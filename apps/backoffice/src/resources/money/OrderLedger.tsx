import { Link as RouterLink } from 'react-router-dom';
import { useGetList } from 'react-admin';
import { Alert, Box, Card, CardContent, Divider, Link, Skeleton, Typography } from '@mui/material';
import type { LedgerEntry } from './LedgerList';
import { naira, when } from './money-format';

/** The ledger page filtered to one order (the list's own "Order id" filter). */
export const orderLedgerPath = (orderId: number) => `/ledger?filter=${encodeURIComponent(JSON.stringify({ orderId }))}`;

/** The order's journal entries, oldest first (GET /api/admin/ledger?filter={"orderId":…}): where its money went. */
export function OrderLedger({ orderId }: { orderId: number }) {
  const { data, total, isPending, error } = useGetList<LedgerEntry>('ledger', {
    filter: { orderId },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 25 },
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="order-ledger">
      <CardContent>
        <Typography variant="h6" component="h2" id="order-ledger" sx={{ mb: 1 }}>
          Ledger
        </Typography>
        <Divider sx={{ mb: 2 }} />
        {error ? (
          <Alert severity="error">Failed to fetch the ledger.</Alert>
        ) : isPending ? (
          <Skeleton height={60} />
        ) : !data?.length ? (
          <Typography sx={{ color: 'text.secondary' }}>No money has moved for this order.</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.map((e) => (
              <Box component="li" key={e.id} sx={{ pb: 1.5, '&:last-child': { pb: 0 } }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {e.kind} · {when(e.createdAt)}
                </Typography>
                {e.memo && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {e.memo}
                  </Typography>
                )}
                {e.postings.map((p) => (
                  <Typography key={p.account} variant="body2" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <span>{p.account}</span>
                    <span>{naira(p.amount)}</span>
                  </Typography>
                ))}
              </Box>
            ))}
          </Box>
        )}
        <Link component={RouterLink} to={orderLedgerPath(orderId)} sx={{ display: 'inline-block', mt: 1.5 }}>
          {total && total > (data?.length ?? 0) ? `All ${total} entries in the Ledger` : 'Open in the Ledger'}
        </Link>
      </CardContent>
    </Card>
  );
}
