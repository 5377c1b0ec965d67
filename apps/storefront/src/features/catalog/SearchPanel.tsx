import { PRODUCT_CONDITION_LABELS, SEARCH_DEBOUNCE_MS } from '@kasuwa/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Part } from '../../app/Part';
import { LightSelect, LightTextField } from './LightFields';
import { citiesOf, useLocations } from './useLocations';
import { normalisePrice, normaliseSearch, type ConditionFilter, type HistoryMode, type SearchState } from './searchState';

/** The condition (docs/search.md): Brand new / Foreign used (Tokunbo) / Nigerian used, plus any used for the product's "used". */
export const CONDITION_OPTIONS: { value: ConditionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'brand_new', label: PRODUCT_CONDITION_LABELS.brand_new },
  { value: 'used', label: 'Used (any)' },
  { value: 'foreign_used', label: PRODUCT_CONDITION_LABELS.foreign_used },
  { value: 'nigerian_used', label: PRODUCT_CONDITION_LABELS.nigerian_used },
];

const WIDE_ON_PHONE = { gridColumn: { xs: '1 / -1', sm: 'auto' } };

interface Props {
  state: SearchState;
  update: (patch: Partial<SearchState>, mode?: HistoryMode) => void;
}

/** The fields applied after a quiet spell rather than at once. */
type Typed = Pick<SearchState, 'search' | 'minPrice' | 'maxPrice'>;

const normalised = (t: Typed): Typed => ({
  search: normaliseSearch(t.search),
  minPrice: normalisePrice(t.minPrice),
  maxPrice: normalisePrice(t.maxPrice),
});
const same = (a: Typed, b: Typed) => a.search === b.search && a.minPrice === b.minPrice && a.maxPrice === b.maxPrice;
const typedOf = (s: SearchState): Typed => ({ search: s.search, minPrice: s.minPrice, maxPrice: s.maxPrice });

/**
 * Search box, button and filter panel (the product brief and the product screen rules): state and city (docs/delivery.md: from the fixed list, never free
 * text), condition and a price range in naira. Typed text and prices are applied after 300 ms of quiet; the button,
 * the place and the condition apply at once. One typing burst makes one history entry, so Back returns to the previous search
 * rather than to every intermediate spelling.
 */
export function SearchPanel({ state, update }: Props) {
  const [fields, setFields] = useState<Typed>(() => typedOf(state));
  // What this panel last wrote (or saw) in the URL: anything else came from back/forward or a link.
  const seen = useRef<Typed>(typedOf(state));
  const typing = useRef(false);
  const set = (patch: Partial<Typed>) => setFields((f) => ({ ...f, ...patch }));
  // The place list is data fetched after the first view (or at once when the address names a place).
  const [wantPlaces, setWantPlaces] = useState(Boolean(state.stateId));
  const { states } = useLocations(wantPlaces || Boolean(state.stateId));
  useEffect(() => {
    const timer = window.setTimeout(() => setWantPlaces(true), 2500);
    return () => window.clearTimeout(timer);
  }, []);
  const cities = citiesOf(states, state.stateId);

  useEffect(() => {
    const fromUrl = typedOf(state);
    if (same(fromUrl, seen.current)) return;
    const changed = (Object.keys(fromUrl) as (keyof Typed)[]).filter((k) => fromUrl[k] !== seen.current[k]);
    seen.current = fromUrl;
    // Only the fields the URL changed are pulled, so what is being typed elsewhere is never overwritten.
    setFields((f) => {
      const mine = normalised(f);
      const next = { ...f };
      for (const k of changed) if (mine[k] !== fromUrl[k]) next[k] = fromUrl[k];
      return next;
    });
  }, [state.search, state.minPrice, state.maxPrice]);

  const applyTyped = (mode: HistoryMode) => {
    const patch = normalised(fields);
    if (same(patch, seen.current)) return;
    seen.current = patch;
    update(patch, mode);
  };

  useEffect(() => {
    if (same(normalised(fields), seen.current)) return;
    const timer = window.setTimeout(() => {
      applyTyped(typing.current ? 'replace' : 'push');
      typing.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [fields]);

  const endTyping = () => {
    typing.current = false;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    applyTyped(typing.current ? 'replace' : 'push');
    endTyping();
  };

  /** A filter chosen from a list applies at once (and ends any typing). */
  const pick = (patch: (value: string) => Partial<SearchState>) => (e: ChangeEvent<HTMLSelectElement>) => {
    endTyping();
    update(patch(e.target.value));
  };
  const stateOptions = (states ?? []).map((st) => ({ value: String(st.id), label: st.name }));
  const cityOptions = cities.map((c) => ({ value: String(c.id), label: c.name }));

  const naira = <InputAdornment position="start">₦</InputAdornment>;
  const priceProps = { inputMode: 'numeric' as const, autoComplete: 'off', pattern: '[0-9,]*' };
  const priceField = (name: 'minPrice' | 'maxPrice', id: string, label: string) => (
    <Part>
      <LightTextField
        id={id}
        label={label}
        placeholder="Any"
        name={name}
        value={fields[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        onBlur={endTyping}
        startAdornment={naira}
        inputProps={priceProps}
      />
    </Part>
  );

  return (
    // Each field hydrates on its own (Part), the one typed into first: the panel was one ~30 ms task, over 100 ms
    // at a phone's 4x slower CPU.
    <Paper
      component="form"
      role="search"
      aria-label="Search listings"
      onSubmit={onSubmit}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1}>
        <Part>
          <LightTextField
            id="search-text"
            label="Search"
            placeholder="What are you looking for?"
            name="search"
            type="search"
            value={fields.search}
            onChange={(e) => set({ search: e.target.value })}
            onBlur={endTyping}
            inputProps={{ enterKeyHint: 'search', autoComplete: 'off' }}
          />
        </Part>
        <Part>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, px: { xs: 1.5, sm: 3 } }}>
            Search
          </Button>
        </Part>
      </Stack>
      <Box
        role="group"
        aria-label="Filters"
        // On a phone the state and city share a row and the condition ("Foreign used (Tokunbo)") takes the full width:
        // half of a 360 px screen cuts its words off. Five columns from 900 px, where each fits.
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: '1.2fr 1.2fr 1.6fr 1fr 1fr' }, gap: 1, mt: 1.5 }}
        onFocus={() => setWantPlaces(true)}
        onPointerDown={() => setWantPlaces(true)}
      >
        <Part>
          <LightSelect
            id="search-state"
            label="State"
            name="stateId"
            value={state.stateId}
            onChange={pick((stateId) => ({ stateId, cityId: '' }))}
            options={stateOptions}
          >
            <option value="">All Nigeria</option>
            {!states && state.stateId && <option value={state.stateId}>…</option>}
          </LightSelect>
        </Part>
        <Part>
          <LightSelect
            id="search-city"
            label="City or area"
            name="cityId"
            value={state.cityId}
            onChange={pick((cityId) => ({ cityId }))}
            options={cityOptions}
          >
            <option value="">{state.stateId ? 'All areas' : 'Pick a state first'}</option>
            {!cities.length && state.cityId && <option value={state.cityId}>…</option>}
          </LightSelect>
        </Part>
        <Part>
          <LightSelect
            id="search-condition"
            label="Condition"
            name="condition"
            sx={WIDE_ON_PHONE}
            value={state.condition}
            onChange={pick((condition) => ({ condition: condition as ConditionFilter }))}
            options={CONDITION_OPTIONS}
          />
        </Part>
        {priceField('minPrice', 'search-min-price', 'Min price')}
        {priceField('maxPrice', 'search-max-price', 'Max price')}
      </Box>
    </Paper>
  );
}
