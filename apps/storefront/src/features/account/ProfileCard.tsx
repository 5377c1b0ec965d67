import type { UserProfile } from '@kasuwa/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { initials } from '../layout/initials';
import { isProfileIncomplete } from './profileRules';

interface Props {
  profile: UserProfile;
  onEdit: () => void;
  onBank: () => void;
  onContact: () => void;
  onDelete: () => void;
  bankLabel: string;
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Box component="div" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, textAlign: 'right', fontWeight: 500, color: value ? 'text.primary' : 'text.secondary' }}
      >
        {value || 'Not provided'}
      </Typography>
    </Box>
  );
}

/** Label and value rows as a description list (the value, or "Not provided"). */
function Rows({ rows }: { rows: [label: string, value: string | null][] }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {rows.map(([label, value]) => (
        <Row key={label} label={label} value={value} />
      ))}
    </Box>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h2" sx={{ fontSize: '1rem', mt: 2, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

/** The profile side card (the product screens): avatar, name, email, phone, gender, bank details and actions. */
export function ProfileCard({ profile, onEdit, onBank, onContact, onDelete, bankLabel }: Props) {
  const channels = Object.entries(profile.contactChannels ?? {}).filter(([, v]) => v);
  const incomplete = isProfileIncomplete(profile);
  const name = profile.fullName || [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack sx={{ alignItems: 'center', textAlign: 'center' }} spacing={1}>
        <Avatar src={profile.profileImage ?? undefined} alt="" sx={{ width: 88, height: 88, bgcolor: 'primary.main', fontSize: '2rem' }}>
          {initials(name)}
        </Avatar>
        <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
          {name}
        </Typography>
        {profile.verification.hasEmail && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {profile.email}
          </Typography>
        )}
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Rows
        rows={[
          ['Phone', profile.phone],
          ['Gender', profile.gender],
        ]}
      />
      <SectionTitle>Bank details</SectionTitle>
      {profile.bankName && !profile.bankDetailsConfirmed && (
        <Typography variant="body2" sx={{ color: 'warning.dark', mb: 0.5 }}>
          Not confirmed: payouts cannot use these details. Choose {bankLabel} to pick your bank and check the name.
        </Typography>
      )}
      <Rows
        rows={[
          ['Bank', profile.bankName],
          ['Account number', profile.bankAccountNumber],
          ['Account name', profile.bankAccountName],
        ]}
      />
      <SectionTitle>Contact channels</SectionTitle>
      {channels.length ? (
        <Rows rows={channels.map(([k, v]) => [k, v ?? null])} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No contact channels yet
        </Typography>
      )}
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
          {incomplete ? 'Complete Profile' : 'Edit Profile'}
        </Button>
        <Button variant="outlined" startIcon={<AccountBalanceIcon />} onClick={onBank}>
          {bankLabel}
        </Button>
        <Button variant="outlined" startIcon={<ContactPhoneIcon />} onClick={onContact}>
          Add Contact
        </Button>
        <Button color="error" onClick={onDelete}>
          Delete Account
        </Button>
      </Stack>
    </Paper>
  );
}
