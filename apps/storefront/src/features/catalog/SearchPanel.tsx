import { SEARCH_DEBOUNCE_MS, type Condition } from '@kasuwa/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LightSelect, LightTextField } from './LightFields';
import { normaliseSearch, type HistoryMode, type SearchState } from './searchState';

export const CONDITION_OPTIONS: { value: Condition; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'used', label: 'Used' },
];

interface Props {
  state: SearchState;
  update: (patch: Partial<SearchState>, mode?: HistoryMode) => void;
}

/**
 * Search box, button and filter panel (spec §1, §4). Typed text is lowercased and applied after
 * 300 ms of quiet; a location change applies the same way without needing the button; the button
 * and the condition apply at once. One typing burst makes one history entry, so Back returns to
 * the previous search rather than to every intermediate spelling.
 */
export function SearchPanel({ state, update }: Props) {
  const [text, setText] = useState(state.search);
  const [location, setLocation] = useState(state.location);
  // What this panel last wrote (or saw) in the URL: anything else came from back/forward or a link.
  const seen = useRef({ search: state.search, location: state.location });
  const typing = useRef(false);

  useEffect(() => {
    if (state.search !== seen.current.search) {
      seen.current.search = state.search;
      if (normaliseSearch(text) !== state.search) setText(state.search);
    }
    if (state.location !== seen.current.location) {
      seen.current.location = state.location;
      if (location.trim() !== state.location) setLocation(state.location);
    }
    // Keyed on the URL only: a URL change pulls the fields, typing is never overwritten.
  }, [state.search, state.location]);

  const applyTyped = (mode: HistoryMode) => {
    const patch = { search: normaliseSearch(text), location: location.trim() };
    if (patch.search === seen.current.search && patch.location === seen.current.location) return;
    seen.current = { ...patch };
    update(patch, mode);
  };

  useEffect(() => {
    if (normaliseSearch(text) === seen.current.search && location.trim() === seen.current.location) return;
    const timer = window.setTimeout(() => {
      applyTyped(typing.current ? 'replace' : 'push');
      typing.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, location]);

  const endTyping = () => {
    typing.current = false;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    applyTyped(typing.current ? 'replace' : 'push');
    endTyping();
  };

  return (
    <Paper component="form" role="search" aria-label="Search listings" onSubmit={onSubmit} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1}>
        <LightTextField
          id="search-text"
          label="Search"
          placeholder="What are you looking for?"
          name="search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={endTyping}
          inputProps={{ enterKeyHint: 'search', autoComplete: 'off' }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, px: { xs: 1.5, sm: 3 } }}>
          Search
        </Button>
      </Stack>
      <Box role="group" aria-label="Filters" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 1, mt: 1.5 }}>
        <LightTextField
          id="search-location"
          label="Location"
          placeholder="e.g. Lagos, Abuja, Kano"
          name="location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          onBlur={endTyping}
          inputProps={{ autoComplete: 'address-level2' }}
        />
        <LightSelect
          id="search-condition"
          label="Condition"
          name="type"
          value={state.type}
          onChange={(e) => {
            endTyping();
            update({ type: e.target.value as Condition });
          }}
        >
          {CONDITION_OPTIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </LightSelect>
      </Box>
    </Paper>
  );
}
