import { Link as RouterLink } from 'react-router-dom';
import { Title, useGetIdentity, useGetList } from 'react-admin';
import { Alert, Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import type { AdminAccount } from '@kasuwa/contracts';
import { adminPath } from '../config';

/** Pending admin requests, counted by the server (Content-Range total of a one-row page). */
function PendingRequestsCard() {
  const { total, isPending, error } = useGetList<AdminAccount>('admins', {
    filter: { status: 'pending' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <Card variant="outlined" sx={{ flex: '1 1 260px' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Admin requests
        </Typography>
        {error ? (
          <Typography color="error">Failed to load dashboard data</Typography>
        ) : isPending ? (
          <Skeleton width={180} />
        ) : (
          <Typography>
            {total === 0
              ? 'No requests are waiting for a decision.'
              : `${total} ${total === 1 ? 'request is' : 'requests are'} waiting for a decision.`}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={adminPath('/admins')}>
          Review requests
        </Button>
      </CardActions>
    </Card>
  );
}

/** /app.admin — a welcome for now; the real statistics and latest orders come with the orders work. */
export default function Dashboard() {
  const { identity, isPending, error } = useGetIdentity();
  return (
    <Box sx={{ mt: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Dashboard" />
      <Card>
        <CardContent>
          {error ? (
            <Alert severity="error">Failed to load dashboard data</Alert>
          ) : (
            <>
              <Typography variant="h5" component="h1">
                {isPending ? <Skeleton width={240} /> : `Welcome, ${identity?.fullName ?? ''}`}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1 }}>
                {isPending ? <Skeleton width={200} /> : `Signed in as ${String(identity?.email ?? '')}`}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <PendingRequestsCard />
        <Card variant="outlined" sx={{ flex: '1 1 260px' }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              Users
            </Typography>
            <Typography>Search, edit, suspend and reactivate buyer and seller accounts.</Typography>
          </CardContent>
          <CardActions>
            <Button component={RouterLink} to={adminPath('/users')}>
              Open users
            </Button>
          </CardActions>
        </Card>
      </Box>
    </Box>
  );
}
