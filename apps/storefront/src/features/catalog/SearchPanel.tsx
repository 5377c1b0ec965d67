import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

export const SEARCH_DEBOUNCE_MS = 300;
export const CONDITIONS = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'used', label: 'Used' },
] as const;
export type Condition = (typeof CONDITIONS)[number]['value'];

export interface SearchFilters {
  search: string;
  location: string;
  type: Condition;
}

/** Reads the current search from the URL, so a search can be shared and survives a reload. */
export function useSearchFilters(): SearchFilters {
  const [params] = useSearchParams();
  const type = params.get('type');
  return {
    search: params.get('search') ?? '',
    location: params.get('location') ?? '',
    type: type === 'new' || type === 'used' ? type : 'all',
  };
}

/**
 * Search box, button and filter panel (spec §1, §4): the typed text is lowercased and applied after
 * 300 ms of quiet; the button, a location change and a condition change apply at once.
 */
export function SearchPanel() {
  const current = useSearchFilters();
  const navigate = useNavigate();
  const [text, setText] = useState(current.search);
  const [location, setLocation] = useState(current.location);
  const [type, setType] = useState<Condition>(current.type);
  const firstRun = useRef(true);

  const apply = useCallback(
    (next: SearchFilters) => {
      const params = new URLSearchParams();
      if (next.search.trim()) params.set('search', next.search.trim().toLowerCase());
      if (next.location.trim()) params.set('location', next.location.trim());
      if (next.type !== 'all') params.set('type', next.type);
      const search = params.toString() ? `?${params.toString()}` : '';
      // Skip no-op writes so the debounced re-apply never creates a navigation.
      if (search === window.location.search) return;
      navigate({ search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  // Typing is applied after 300 ms of quiet. Location and condition apply at once in their handlers;
  // the debounced re-apply that follows them writes the same URL and is harmless.
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const timer = window.setTimeout(() => apply({ search: text, location, type }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, location, type, apply]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply({ search: text, location, type });
  };

  return (
    <Paper component="form" role="search" aria-label="Search listings" onSubmit={onSubmit} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1}>
        <TextField
          label="Search"
          placeholder="What are you looking for?"
          name="search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, px: { xs: 1.5, sm: 3 } }}>
          Search
        </Button>
      </Stack>
      <Box
        role="group"
        aria-label="Filters"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 1, mt: 1.5 }}
      >
        <TextField
          label="Location"
          placeholder="e.g. Lagos, Abuja, Kano"
          name="location"
          size="small"
          value={location}
          onChange={(e) => {
            setLocation(e.target.value);
            apply({ search: text, location: e.target.value, type });
          }}
        />
        <TextField
          select
          label="Condition"
          name="type"
          size="small"
          value={type}
          onChange={(e) => {
            const next = e.target.value as Condition;
            setType(next);
            apply({ search: text, location, type: next });
          }}
          slotProps={{ select: { native: true } }}
        >
          {CONDITIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </TextField>
      </Box>
    </Paper>
  );
}
