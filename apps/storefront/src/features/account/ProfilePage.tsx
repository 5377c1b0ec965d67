import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../layout/PageLoader';
import { AddContactDialog } from './AddContactDialog';
import { BankDetailsDialog } from './BankDetailsDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { isProfileIncomplete } from './profileRules';
import { ProfileCard } from './ProfileCard';
import { ProfileTabs } from './ProfileTabs';
import { useProfile } from './useProfile';
import { VerificationPanel } from './VerificationPanel';
import { RetryAlert } from '../layout/RetryAlert';

// E-mail settings and saved searches: their own chunk, below the profile.
const ProfileTrustSettings = lazy(() => import('../trust/ProfileTrustSettings'));
// Delivery addresses: their own chunk too (the address form and its lists load with it).
const AddressesSection = lazy(() => import('../addresses/AddressesSection'));

type DialogName = 'edit' | 'bank' | 'contact' | 'delete' | null;

export default function ProfilePage() {
  const { profile, loading, error, reload, replace } = useProfile();
  const [dialog, setDialog] = useState<DialogName>(null);
  const close = () => setDialog(null);

  if (loading && !profile) return <PageLoader label="Loading your profile" />;
  if (error || !profile) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <RetryAlert onRetry={reload}>{error ?? 'Failed to fetch user details'}</RetryAlert>
      </Container>
    );
  }

  const hasBank = Boolean(profile.bankName || profile.bankAccountNumber || profile.bankAccountName);
  const bankLabel = hasBank ? 'Edit Bank Details' : 'Add Bank Details';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
      {isProfileIncomplete(profile) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Add your phone number and gender so buyers and sellers can reach you.{' '}
          <Link component="button" type="button" onClick={() => setDialog('edit')} sx={{ fontWeight: 700, verticalAlign: 'baseline' }}>
            Complete your profile
          </Link>
        </Alert>
      )}
      <VerificationPanel profile={profile} onChanged={reload} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        <ProfileCard
          profile={profile}
          bankLabel={bankLabel}
          onEdit={() => setDialog('edit')}
          onBank={() => setDialog('bank')}
          onContact={() => setDialog('contact')}
          onDelete={() => setDialog('delete')}
        />
        <ProfileTabs />
      </Box>
      <Suspense fallback={null}>
        <AddressesSection />
      </Suspense>
      <Suspense fallback={null}>
        <ProfileTrustSettings />
      </Suspense>
      <EditProfileDialog open={dialog === 'edit'} profile={profile} onClose={close} onSaved={replace} />
      <BankDetailsDialog open={dialog === 'bank'} title={bankLabel} profile={profile} onClose={close} onSaved={replace} />
      <AddContactDialog open={dialog === 'contact'} profile={profile} onClose={close} onSaved={replace} />
      <DeleteAccountDialog open={dialog === 'delete'} onClose={close} />
    </Container>
  );
}
