import type { Lga, NigerianState } from '@kasuwa/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SelectField } from '@kasuwa/ui/SelectField';
import { useEffect } from 'react';
import { loadLgas } from '../../api/addresses';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { RetryAlert } from '../layout/RetryAlert';
import { PHONE_HINT, type AddressDraft, type DraftErrors } from './addressForm';

/** A state's LGAs once a state is chosen ('' = none); `error` when they could not be loaded. */
export function useLgas(stateId: string): { lgas: Lga[] | null; error: boolean; retry: () => void } {
  // A state's LGAs are fixed: kept for the visit.
  const { data, error, reload } = useApiQuery(queryKeys.lgas(stateId), () => loadLgas(Number(stateId)), {
    enabled: stateId !== '',
    gcTime: Infinity,
  });
  return { lgas: stateId ? (data ?? null) : null, error: error !== null, retry: reload };
}

interface Props {
  value: AddressDraft;
  onChange: (next: AddressDraft, changed: keyof AddressDraft) => void;
  /** The states (`GET /api/locations`); null while they load. */
  states: NigerianState[] | null;
  errors?: DraftErrors;
  disabled?: boolean;
  onFocusField?: (field: keyof AddressDraft) => void;
  /** Labels of the phone field (the checkout's "Receiver number (WhatsApp)"). */
  phoneLabel?: string;
  /** The chosen LGA's list arrived (the parent names the place with it). */
  onLgas?: (lgas: Lga[] | null) => void;
  idPrefix?: string;
}

/** Each field's id after the form's idPrefix (its label points at it). */
const FIELD_IDS: Record<keyof AddressDraft, string> = {
  stateId: 'state',
  lgaId: 'lga',
  street: 'street',
  landmark: 'landmark',
  phone: 'phone',
};

/**
 * A structured Nigerian address (docs/delivery.md: Places): the state, then its LGA (loaded when the state is
 * picked), the street, an optional landmark and a phone. Shared by the checkout's dialog and the profile's Addresses.
 */
export function AddressFields({
  value,
  onChange,
  states,
  errors = {},
  disabled,
  onFocusField,
  phoneLabel = 'Phone number',
  onLgas,
  idPrefix = 'address',
}: Props) {
  const { lgas, error: lgaError, retry } = useLgas(value.stateId);
  useEffect(() => onLgas?.(lgas), [lgas]);
  const set = (key: keyof AddressDraft) => (e: { target: { value: string } }) => {
    const next = { ...value, [key]: e.target.value };
    // Another state's LGA list: the LGA chosen before is not on it.
    if (key === 'stateId' && e.target.value !== value.stateId) next.lgaId = '';
    onChange(next, key);
  };
  const focus = (key: keyof AddressDraft) => () => onFocusField?.(key);
  /** What every field takes from the draft: its id and name, value, change and focus handlers, and its error state. */
  const bind = (key: keyof AddressDraft) => ({
    id: `${idPrefix}-${FIELD_IDS[key]}`,
    name: key,
    value: value[key],
    onChange: set(key),
    onFocus: focus(key),
    disabled,
    error: Boolean(errors[key]),
  });
  const stateName = states?.find((s) => String(s.id) === value.stateId)?.name;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          {...bind('stateId')}
          label="Delivery state"
          required
          fullWidth
          helperText={errors.stateId}
          options={(states ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        >
          <option value="">{states ? 'Select state' : 'Loading states…'}</option>
          {/* A remembered state keeps its place while the list loads. */}
          {!states && value.stateId && <option value={value.stateId}>…</option>}
        </SelectField>
        <SelectField
          {...bind('lgaId')}
          label="Local government area (LGA)"
          required
          fullWidth
          disabled={disabled || !value.stateId}
          helperText={errors.lgaId ?? (value.stateId ? undefined : 'Choose the state first')}
          options={(lgas ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        >
          <option value="">{!value.stateId || lgas ? 'Select LGA' : `Loading ${stateName ?? ''} LGAs…`}</option>
          {!lgas && value.lgaId && <option value={value.lgaId}>…</option>}
        </SelectField>
      </Stack>
      {lgaError && (
        <RetryAlert onRetry={retry} severity="warning">
          Could not load the local government areas.
        </RetryAlert>
      )}
      <TextField
        {...bind('street')}
        label="Street address"
        autoComplete="street-address"
        required
        multiline
        minRows={2}
        helperText={errors.street ?? 'House number and street, estate or area'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        {...bind('landmark')}
        label="Landmark (optional)"
        helperText={errors.landmark ?? 'E.g. opposite the filling station'}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField {...bind('phone')} label={phoneLabel} type="tel" autoComplete="tel" required helperText={errors.phone ?? PHONE_HINT} />
    </Stack>
  );
}
