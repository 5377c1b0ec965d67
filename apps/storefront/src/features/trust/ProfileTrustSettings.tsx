import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type EmailPreferences,
  type NotificationType,
  type SavedSearch,
} from '@kasuwa/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { trustApi } from '../../api/trust';
import { useApiMutation, useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';

/** The home page's address of a saved search (its query keys are the address's own). */
export function savedSearchHref(s: SavedSearch): string {
  const params = new URLSearchParams(
    Object.entries(s.query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  const text = params.toString();
  return text ? `/?${text}` : '/';
}

/** On the profile: which notifications also come by e-mail (one switch per type), and the saved searches. */
export default function ProfileTrustSettings() {
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <EmailSettings />
      <SavedSearches />
    </Stack>
  );
}

function EmailSettings() {
  const client = useAppQueryClient();
  // Not readable: the switches are left out.
  const prefs = useApiQuery(queryKeys.emailPreferences(), async () => (await trustApi.preferences()).data).data ?? null;
  // A failure: the client has shown why.
  const save = useApiMutation((change: Partial<EmailPreferences>) => trustApi.setPreferences(change), {
    onSuccess: (res) => {
      client.setQueryData(queryKeys.emailPreferences(), res.data);
      toast.success(res.message);
    },
  });
  const toggle = (type: NotificationType, on: boolean) => save.mutate({ [type]: on });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="email-settings-title" sx={{ p: 2 }}>
      <Typography id="email-settings-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
        E-mail settings
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Everything still shows in your notifications; these choose what also comes by e-mail.
      </Typography>
      {prefs && (
        <Stack>
          {NOTIFICATION_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Switch checked={prefs[type]} onChange={(e) => toggle(type, e.target.checked)} />}
              label={NOTIFICATION_TYPE_LABELS[type]}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function SavedSearches() {
  const client = useAppQueryClient();
  const read = useApiQuery(queryKeys.savedSearches(), async () => (await trustApi.savedSearches()).data);
  // A list that could not be read shows as none.
  const rows: SavedSearch[] | null = read.data ?? (read.query.isError ? [] : null);
  // A failure: the client has shown why.
  const removal = useApiMutation((id: number) => trustApi.removeSavedSearch(id), {
    onSuccess: (res) => {
      client.setQueryData(queryKeys.savedSearches(), res.data);
      toast.success(res.message);
    },
  });
  const remove = (id: number) => removal.mutate(id);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="saved-searches-title" sx={{ p: 2 }}>
      <Typography id="saved-searches-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
        Saved searches
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        New listings that match are e-mailed to you once a day.
      </Typography>
      {rows?.length === 0 && <Typography>No saved searches yet. Search, then choose “Save this search”.</Typography>}
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows?.map((s) => (
          <Stack component="li" key={s.id} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to={savedSearchHref(s)} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {s.label}
            </Link>
            <Button size="small" color="inherit" onClick={() => remove(s.id)} aria-label={`Remove saved search ${s.label}`}>
              Remove
            </Button>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
