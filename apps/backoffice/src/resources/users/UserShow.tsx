import { RecordAuditLog } from '../audit-log/RecordAuditLog';
import type { ReactNode } from 'react';
import { FunctionField, Labeled, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { Avatar, Box, Divider, Grid, Stack, Typography } from '@mui/material';
import type { AdminUserRow } from '@kasuwa/contracts';
import { RecordShow } from '../../common/RecordShow';
import { ShowSection } from '../../common/ShowSection';
import { StatusChip } from '../../common/StatusChip';
import { SuspendButton } from './SuspendButton';
import { UserPageButton } from './UserPageButton';
import { SellerProducts } from '../products/SellerProducts';
import { SellerBalances } from '../money/SellerBalances';
import { PayOnDeliveryRecord } from '../money/PayOnDeliveryRecord';
import { formatStamp } from '@kasuwa/contracts';
import { CanWrite } from '../../common/CanWrite';

const NOT_PROVIDED = 'Not provided';

const signInMethod: Record<AdminUserRow['authProvider'], string> = {
  password: 'Email and password',
  google: 'Google',
  both: 'Google, email and password',
};

/** A labelled text field laid out in the responsive grid. */
function Item({ source, label }: { source: keyof AdminUserRow; label: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Labeled label={label}>
        <TextField source={source} emptyText={NOT_PROVIDED} />
      </Labeled>
    </Grid>
  );
}

function UserHeader() {
  const user = useRecordContext<AdminUserRow>();
  if (!user) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={user.profileImage ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
        {(user.fullName || user.email).charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {user.fullName || user.email}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Joined {formatStamp(user.createdAt)}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}

const actions = (
  <TopToolbar>
    <SuspendButton />
    <CanWrite>
      <UserPageButton page="edit" />
    </CanWrite>
  </TopToolbar>
);

/** /app.admin/users/:id — the whole profile an admin may see. */
export default function UserShow() {
  return (
    <RecordShow<AdminUserRow> kind="User" name={(u) => u.fullName || u.email} errorTitle="Failed to fetch user details" actions={actions}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <UserHeader />
        <ShowSection title="Profile">
          <Grid container spacing={2}>
            <Item source="firstName" label="First name" />
            <Item source="lastName" label="Last name" />
            <Item source="email" label="Email" />
            <Item source="phone" label="Phone" />
            <Item source="gender" label="Gender" />
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Labeled label="Sign-in method">
                <FunctionField<AdminUserRow> render={(u) => signInMethod[u.authProvider] ?? u.authProvider} />
              </Labeled>
            </Grid>
          </Grid>
        </ShowSection>
        <ShowSection title="Bank details">
          <Grid container spacing={2}>
            <Item source="bankName" label="Bank name" />
            <Item source="bankAccountNumber" label="Account number" />
            <Item source="bankAccountName" label="Account name" />
          </Grid>
        </ShowSection>
        <ShowSection title="Balances">
          <UserBalances />
        </ShowSection>
        <ShowSection title="Pay on delivery">
          <UserPayOnDelivery />
        </ShowSection>
        <ShowSection title="Products">
          <SellerProducts />
        </ShowSection>
        <UserAuditLog />
      </Box>
    </RecordShow>
  );
}

function UserAuditLog() {
  const record = useRecordContext<AdminUserRow>();
  return <RecordAuditLog targetType="users" targetId={record?.id} />;
}

function UserBalances() {
  const user = useRecordContext<AdminUserRow>();
  return user ? <SellerBalances userId={Number(user.id)} /> : null;
}

function UserPayOnDelivery() {
  const user = useRecordContext<AdminUserRow>();
  return user ? <PayOnDeliveryRecord userId={Number(user.id)} /> : null;
}
