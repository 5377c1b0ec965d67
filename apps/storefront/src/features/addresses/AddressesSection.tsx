import { MAX_ADDRESSES, type Address } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { addressesApi } from '../../api/addresses';
import { ApiError } from '../../api/errors';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { useLocations } from '../catalog/useLocations';
import { RetryAlert } from '../layout/RetryAlert';
import { AddressFields } from './AddressFields';
import { checkDraft, draftOf, EMPTY_DRAFT, errorsFrom, inputOf, placeLine, type AddressDraft, type DraftErrors } from './addressForm';
import { AddressSummary } from './AddressSummary';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong. Try again.');

/** The profile's Addresses (docs/delivery.md: Places): the delivery addresses the checkout offers, one the default. */
export default function AddressesSection() {
  const client = useAppQueryClient();
  const read = useApiQuery(queryKeys.addresses(), async () => (await addressesApi.list()).data, {
    failedText: 'Something went wrong. Try again.',
  });
  const rows = read.data ?? null;
  const loadError = read.error;
  // A change answers with the list (or the address) as it now is: it replaces the cached list.
  const setRows = (next: Address[] | ((old: Address[] | undefined) => Address[])) =>
    client.setQueryData<Address[]>(queryKeys.addresses(), next);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const makeDefault = async (a: Address) => {
    setBusyId(a.id);
    try {
      const res = await addressesApi.makeDefault(a.id);
      setRows(res.data);
      toast.success(res.message);
    } catch (err) {
      toast.error(message(err));
    }
    setBusyId(null);
  };

  const full = (rows?.length ?? 0) >= MAX_ADDRESSES;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="addresses-title" sx={{ p: 2, mt: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="addresses-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
          Addresses
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setEditing('new')} disabled={!rows || full}>
          Add address
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {full
          ? `You have ${MAX_ADDRESSES} addresses, the most you can keep. Delete one to add another.`
          : 'Checkout offers these, your default first.'}
      </Typography>
      {loadError && <RetryAlert onRetry={read.reload}>{loadError}</RetryAlert>}
      {rows && rows.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No saved addresses yet</Typography>}
      {rows && rows.length > 0 && (
        <Stack component="ul" aria-label="Saved addresses" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((a) => (
            <Stack
              component="li"
              key={a.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{
                p: 1.5,
                border: 1,
                borderColor: a.isDefault ? 'primary.main' : 'divider',
                borderRadius: 1,
                justifyContent: 'space-between',
                alignItems: { sm: 'center' },
              }}
            >
              <AddressSummary address={a} />
              <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
                {!a.isDefault && (
                  <Button
                    size="small"
                    onClick={() => void makeDefault(a)}
                    loading={busyId === a.id}
                    aria-label={`Make ${a.street} the default`}
                  >
                    Make default
                  </Button>
                )}
                <Button size="small" onClick={() => setEditing(a)} aria-label={`Edit ${a.street}`}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(a)} aria-label={`Delete ${a.street}`}>
                  Delete
                </Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {editing && (
        <AddressDialog
          address={editing === 'new' ? null : editing}
          first={!rows?.length}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            // The list as the server orders it (a new default moves to the top, the old one loses its mark).
            addressesApi.list().then(
              (r) => setRows(r.data),
              () => setRows((old) => [saved, ...(old ?? []).filter((x) => x.id !== saved.id)]),
            );
          }}
        />
      )}
      {deleting && (
        <DeleteAddressDialog
          address={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(left) => {
            setDeleting(null);
            setRows(left);
          }}
        />
      )}
    </Paper>
  );
}

function AddressDialog({
  address,
  first,
  onClose,
  onSaved,
}: {
  address: Address | null;
  first: boolean;
  onClose: () => void;
  onSaved: (a: Address) => void;
}) {
  const places = useLocations(true);
  const [draft, setDraft] = useState<AddressDraft>(address ? draftOf(address) : EMPTY_DRAFT);
  const [makeDefault, setMakeDefault] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = checkDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const input = inputOf(draft, makeDefault || undefined);
      const res = address ? await addressesApi.update(address.id, input) : await addressesApi.create(input);
      toast.success(res.message);
      onSaved(res.data);
      return;
    } catch (err) {
      const fields = err instanceof ApiError ? errorsFrom(err.fieldErrors) : {};
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(message(err));
    }
    setBusy(false);
  };

  return (
    <BusyDialog open busy={busy} onClose={onClose} maxWidth="sm" aria-labelledby="address-dialog-title" phoneWide>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="address-dialog-title">{address ? 'Edit address' : 'Add address'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <AddressFields
              value={draft}
              states={places.states}
              errors={errors}
              disabled={busy}
              onChange={(next, k) => {
                setDraft(next);
                setErrors((er) => ({ ...er, [k]: undefined, ...(k === 'stateId' ? { lgaId: undefined } : {}) }));
              }}
            />
            {places.error && (
              <RetryAlert onRetry={places.retry} severity="warning">
                Could not load the list of states.
              </RetryAlert>
            )}
            {!first && !address?.isDefault && (
              <FormControlLabel
                control={<Checkbox checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />}
                label="Make this my default address"
              />
            )}
          </Stack>
        </DialogContent>
        <BusyDialogActions busy={busy} onClose={onClose}>
          <Button type="submit" variant="contained" loading={busy}>
            Save address
          </Button>
        </BusyDialogActions>
      </form>
    </BusyDialog>
  );
}

function DeleteAddressDialog({
  address,
  onClose,
  onDeleted,
}: {
  address: Address;
  onClose: () => void;
  onDeleted: (left: Address[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await addressesApi.remove(address.id);
      toast.success(res.message);
      onDeleted(res.data);
      return;
    } catch (err) {
      setFailure(message(err));
    }
    setBusy(false);
  };
  return (
    <BusyDialog open busy={busy} onClose={onClose} aria-labelledby="delete-address-title" maxWidth="xs">
      <DialogTitle id="delete-address-title">Delete this address?</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <DialogContentText>
            {address.street}, {placeLine(address)}
          </DialogContentText>
          {address.isDefault && <DialogContentText>Your newest other address becomes the default.</DialogContentText>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Keep
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" loading={busy}>
          Delete address
        </Button>
      </DialogActions>
    </BusyDialog>
  );
}
