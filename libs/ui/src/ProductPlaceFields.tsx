import { citiesOf, type Lga, type NigerianState } from '@kasuwa/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SelectField } from './SelectField';

interface Props {
  states: readonly NigerianState[] | null;
  /** The list could not be loaded; `onRetry` asks again. */
  failed: boolean;
  onRetry: () => void;
  stateId: string;
  cityId: string;
  /** The LGA select shows when the app can load a state's LGAs (`lgas` not undefined): null while loading. */
  lgaId?: string;
  lgas?: readonly Lga[] | null;
  /** A new state clears the city and the LGA. */
  onChange: (place: { stateId: string; cityId: string; lgaId: string }) => void;
  stateError?: string;
  cityError?: string;
  lgaError?: string;
  /** An old listing's free-text place that named no place on the list: shown so its seller can pick one. */
  oldPlace?: string | null;
}

/**
 * docs/delivery.md (Location): State, then City or area from the fixed list (`GET /api/locations`); the API
 * builds the one-line place ("Ikeja, Lagos"). Native selects: light, and the phone's own picker.
 */
export function ProductPlaceFields({
  states,
  failed,
  onRetry,
  stateId,
  cityId,
  lgaId = '',
  lgas,
  onChange,
  stateError,
  cityError,
  lgaError,
  oldPlace,
}: Props) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField
          fullWidth
          label="State"
          name="stateId"
          required
          value={stateId}
          onChange={(e) => onChange({ stateId: e.target.value, cityId: '', lgaId: '' })}
          error={Boolean(stateError)}
          helperText={stateError ?? (oldPlace ? `Was “${oldPlace}”: pick its state and city` : 'So buyers nearby can find it')}
          options={(states ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        >
          <option value="">{states ? 'Choose a state' : 'Loading states…'}</option>
          {!states && stateId && <option value={stateId}>…</option>}
        </SelectField>
        <SelectField
          fullWidth
          label="City or area"
          name="cityId"
          required
          disabled={!stateId}
          value={cityId}
          onChange={(e) => onChange({ stateId, cityId: e.target.value, lgaId })}
          error={Boolean(cityError)}
          helperText={cityError}
          options={citiesOf(states, stateId).map((c) => ({ value: String(c.id), label: c.name }))}
        >
          <option value="">{stateId ? 'Choose a city or area' : 'Choose a state first'}</option>
          {!states && cityId && <option value={cityId}>…</option>}
        </SelectField>
      </Stack>
      {lgas !== undefined && (
        // docs/delivery.md (Places): optional; the "same LGA" delivery zone is read from it.
        <SelectField
          fullWidth
          label="Local government area"
          name="lgaId"
          disabled={!stateId}
          value={lgaId}
          onChange={(e) => onChange({ stateId, cityId, lgaId: e.target.value })}
          error={Boolean(lgaError)}
          // No hint while disabled: a disabled field's helper text is greyed below readable contrast.
          helperText={lgaError ?? (stateId ? 'Optional: buyers in it get your same-LGA delivery fee' : undefined)}
          options={(lgas ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
        >
          <option value="">{!stateId ? 'Choose a state first' : lgas ? 'Not sure (use the city’s)' : 'Loading LGAs…'}</option>
          {!lgas && lgaId && <option value={lgaId}>…</option>}
        </SelectField>
      )}
      {failed && (
        <Alert severity="error" action={<RetryButton onClick={onRetry} />}>
          Failed to load the list of states and cities.
        </Alert>
      )}
    </>
  );
}

/** The "Try again" of an alert whose list did not load. */
export function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button color="inherit" size="small" onClick={onClick}>
      Try again
    </Button>
  );
}
