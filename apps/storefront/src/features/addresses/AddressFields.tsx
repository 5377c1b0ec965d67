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
  const stateName = states?.find((s) => String(s.id) === value.stateId)?.name;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          id={`${idPrefix}-state`}
          label="Delivery state"
          name="stateId"
          required
          fullWidth
          value={value.stateId}
          onChange={set('stateId')}
          onFocus={focus('stateId')}
          disabled={disabled}
          error={Boolean(errors.stateId)}
          helperText={errors.stateId}
          options={(states ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        >
          <option value="">{states ? 'Select state' : 'Loading states…'}</option>
          {/* A remembered state keeps its place while the list loads. */}
          {!states && value.stateId && <option value={value.stateId}>…</option>}
        </SelectField>
        <SelectField
          id={`${idPrefix}-lga`}
          label="Local government area (LGA)"
          name="lgaId"
          required
          fullWidth
          value={value.lgaId}
          onChange={set('lgaId')}
          onFocus={focus('lgaId')}
          disabled={disabled || !value.stateId}
          error={Boolean(errors.lgaId)}
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
        id={`${idPrefix}-street`}
        label="Street address"
        name="street"
        autoComplete="street-address"
        required
        multiline
        minRows={2}
        value={value.street}
        onChange={set('street')}
        onFocus={focus('street')}
        disabled={disabled}
        error={Boolean(errors.street)}
        helperText={errors.street ?? 'House number and street, estate or area'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        id={`${idPrefix}-landmark`}
        label="Landmark (optional)"
        name="landmark"
        value={value.landmark}
        onChange={set('landmark')}
        onFocus={focus('landmark')}
        disabled={disabled}
        error={Boolean(errors.landmark)}
        helperText={errors.landmark ?? 'E.g. opposite the filling station'}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label={phoneLabel}
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        value={value.phone}
        onChange={set('phone')}
        onFocus={focus('phone')}
        disabled={disabled}
        error={Boolean(errors.phone)}
        helperText={errors.phone ?? PHONE_HINT}
      />
    </Stack>
  );
}
