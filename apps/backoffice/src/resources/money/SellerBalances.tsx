import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Grid, Link, Skeleton, Typography } from '@mui/material';
import type { Wallet } from '@kasuwa/contracts';
import { naira } from './money-format';
import { useUserFigures } from './useUserFigures';

const FIGURES: { key: keyof Wallet; label: string }[] = [
  { key: 'held', label: 'Held (in escrow)' },
  { key: 'available', label: 'Available' },
  { key: 'pendingPayout', label: 'Pending payout' },
  { key: 'paidOut', label: 'Paid out' },
];

/** The four figures of the seller's own Earnings tab (GET /api/admin/users/{id}/wallet = their GET /api/wallet). */
export function SellerBalances({ userId }: { userId: number }) {
  const { data, error, isPending } = useUserFigures<{ data: Wallet }>('wallet', userId);
  if (error) return <Alert severity="error">Failed to fetch balances</Alert>;
  const ledger = `/ledger?filter=${encodeURIComponent(JSON.stringify({ userId }))}`;
  return (
    <>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        {FIGURES.map(({ key, label }) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {isPending ? <Skeleton width={100} /> : naira(data?.[key])}
            </Typography>
          </Grid>
        ))}
      </Grid>
      {Number(data?.owed ?? 0) > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Owes Kasuwa {naira(data?.owed)}: commission on cash-on-delivery sales, or a transfer reported failed that was paid after all.
          Netted from the seller&apos;s next withdrawal or payout.
        </Alert>
      )}
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to={ledger}>
          Ledger entries of this seller
        </Link>
      </Box>
    </>
  );
}
