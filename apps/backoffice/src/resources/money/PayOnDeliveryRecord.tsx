import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Grid, Link, Skeleton, Typography } from '@mui/material';
import type { PayOnDeliverySide, PayOnDeliveryStats } from '@kasuwa/contracts';
import { adminPath } from '../../config';
import { naira } from './money-format';
import { useUserFigures } from './useUserFigures';

const FIGURES: { key: keyof PayOnDeliverySide; label: string }[] = [
  { key: 'open', label: 'Open' },
  { key: 'cashReceived', label: 'Cash confirmed' },
  { key: 'refused', label: 'Refused at the door' },
];

/**
 * A person's pay-on-delivery record on the user page (GET /api/admin/users/{id}/pay-on-delivery): as buyer, the
 * deliveries they refused (two close pay on delivery to them); as seller, the cash they confirmed and what they owe.
 */
export function PayOnDeliveryRecord({ userId }: { userId: number }) {
  const { data, error, isPending } = useUserFigures<PayOnDeliveryStats>('pay-on-delivery', userId);
  if (error) return <Alert severity="error">Failed to fetch the pay-on-delivery record</Alert>;
  const orders = (role: 'user' | 'seller') =>
    `${adminPath('/orders')}?filter=${encodeURIComponent(JSON.stringify({ deliveryMethod: 'pay_on_delivery', [`${role}Id`]: userId }))}`;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {(['asBuyer', 'asSeller'] as const).map((side) => (
        <Box key={side}>
          <Typography variant="subtitle2" component="h3">
            {side === 'asBuyer' ? 'As buyer' : 'As seller'}
          </Typography>
          <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
            {FIGURES.map(({ key, label }) => (
              <Grid key={key} size={{ xs: 4 }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`pod-${side}-${key}`}>
                  {isPending ? <Skeleton width={40} /> : (data?.[side][key] ?? 0)}
                </Typography>
              </Grid>
            ))}
          </Grid>
          <Link component={RouterLink} to={orders(side === 'asBuyer' ? 'user' : 'seller')} variant="body2">
            Pay-on-delivery orders {side === 'asBuyer' ? 'bought' : 'sold'}
          </Link>
        </Box>
      ))}
      {data?.asBuyer.closed && (
        <Alert severity="warning">Pay on delivery is closed to this buyer: {data.asBuyer.refused} deliveries refused at the door.</Alert>
      )}
      {Number(data?.asSeller.owedKobo ?? 0) > 0 && (
        <Alert severity="info">Owes Kasuwa {naira(data?.asSeller.owedKobo)} (commission on cash sales, netted from the next payout).</Alert>
      )}
    </Box>
  );
}
