import { useQuery } from '@tanstack/react-query';
import { FormDataConsumer, SelectInput, required, type Validator } from 'react-admin';
import { Alert, Button, Grid } from '@mui/material';
import type { LocationList, NigerianState } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useAdminApi } from '../../common/useAdminApi';

/** The fixed list of states and cities (GET /api/locations): it changes only with a release. */
function usePlaces() {
  const api = useAdminApi();
  return useQuery({ queryKey: ['locations'], queryFn: async () => (await api<LocationList>('GET', '/locations')).data, staleTime: Infinity });
}

const cityIn =
  (states: NigerianState[] | undefined): Validator =>
  (value: unknown, all: { stateId?: unknown }) => {
    const state = states?.find((s) => s.id === Number(all.stateId));
    if (!value || !state) return undefined;
    return state.cities.some((c) => c.id === Number(value)) ? undefined : `Choose a city or area in ${state.name}`;
  };

/**
 * DECISIONS (second wave, Location): State, then City or area from the fixed list; the API builds the one-line place
 * ("Ikeja, Lagos"). `oldText`: an old listing's free text that named no place, shown until a place is picked.
 */
export function PlaceInputs({ oldText }: { oldText?: string | null }) {
  const { data: states, isPending, error, refetch } = usePlaces();
  if (error) {
    return (
      <Grid size={12}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(error, 'Failed to load the list of states and cities.')}
        </Alert>
      </Grid>
    );
  }
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="stateId"
          label="State"
          choices={states ?? []}
          isPending={isPending}
          validate={required('Choose a state')}
          helperText={oldText ? `Was “${oldText}”: pick its state and city` : false}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormDataConsumer<{ stateId?: number | string }>>
          {({ formData }) => (
            <SelectInput
              source="cityId"
              label="City or area"
              choices={states?.find((s) => s.id === Number(formData.stateId))?.cities ?? []}
              isPending={isPending}
              disabled={!formData.stateId}
              validate={[required('Choose a city or area'), cityIn(states)]}
              fullWidth
            />
          )}
        </FormDataConsumer>
      </Grid>
    </>
  );
}
