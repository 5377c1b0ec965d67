import { useEffect, useId, useRef, useState } from 'react';
import { useListContext } from 'react-admin';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Collapse,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { AdminTransaction } from '@kasuwa/contracts';
import { ExportButton } from './ExportButton';
import { STATUS_FILTER_CHOICES, TYPE_FILTER_CHOICES } from './transactionLabels';

const SEARCH_DEBOUNCE_MS = 300; // the product constants
const ALL = '';

const filterText = (value: unknown): string => (typeof value === 'string' ? value : '');

function FilterSelect(props: {
  label: string;
  allLabel: string;
  value: string;
  choices: { id: string; name: string }[];
  onChange: (value: string) => void;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: props.minWidth }}
    >
      <MenuItem value={ALL}>{props.allLabel}</MenuItem>
      {props.choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const PERIOD_CHOICES = [
  { id: 'this_month', name: 'This month' },
  { id: 'last_month', name: 'Last month' },
  { id: 'custom', name: 'Custom dates' },
];

/** The bar's choice filters, in their order. Dates are Lagos days, the same range for the list and the export. */
const CHOICE_FILTERS: {
  key: 'status' | 'type' | 'period';
  label: string;
  allLabel: string;
  choices: { id: string; name: string }[];
  minWidth: number;
}[] = [
  { key: 'status', label: 'Status', allLabel: 'All statuses', choices: STATUS_FILTER_CHOICES, minWidth: 170 },
  { key: 'type', label: 'Type', allLabel: 'All types', choices: TYPE_FILTER_CHOICES, minWidth: 190 },
  { key: 'period', label: 'Dates', allLabel: 'All dates', choices: PERIOD_CHOICES, minWidth: 150 },
];

function DateFilter(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 150 }}
    />
  );
}

/**
 * Search, status and type (payment, refund, payout, or a payment method) filters, all applied on the server, plus Export to CSV.
 * On phones the two selects fold behind a "Filters" toggle (the product screens); the search box stays.
 */
export function TransactionFilters() {
  const list = useListContext<AdminTransaction>();
  const { setFilters } = list;
  // react-admin types the filter values (and the shown filters) as `any`: they are the address's filter object.
  const filterValues = list.filterValues as Record<string, unknown>;
  const displayedFilters = list.displayedFilters as Record<string, boolean>;
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const panelId = useId();

  // The latest filters, for the debounced search to merge into without re-arming on each change.
  const latest = useRef({ filterValues, displayedFilters });
  latest.current = { filterValues, displayedFilters };

  const [search, setSearch] = useState(filterText(filterValues.q));
  const applied = filterText(filterValues.q);
  useEffect(() => {
    if (search.trim() === applied.trim()) return undefined;
    const timer = setTimeout(() => {
      const { q: _q, ...rest } = latest.current.filterValues;
      const q = search.trim();
      setFilters(q ? { ...rest, q } : rest, latest.current.displayedFilters);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, applied, setFilters]);

  const setFilter = (key: 'status' | 'type' | 'period' | 'from' | 'to' | 'hideFailed', value: string | boolean) => {
    const { [key]: _old, ...rest } = filterValues;
    setFilters(value === ALL || value === false ? rest : { ...rest, [key]: value }, displayedFilters);
  };

  const status = filterText(filterValues.status);
  const type = filterText(filterValues.type);
  const period = filterText(filterValues.period);
  const hideFailed = filterValues.hideFailed === true;
  const activeCount = Number(Boolean(status)) + Number(Boolean(type)) + Number(Boolean(period)) + Number(hideFailed);

  const selects = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: { xs: 1, sm: 0 }, flexWrap: 'wrap', rowGap: 2 }}>
      {CHOICE_FILTERS.map(({ key, ...select }) => (
        <FilterSelect key={key} {...select} value={{ status, type, period }[key]} onChange={(v) => setFilter(key, v)} />
      ))}
      {period === 'custom' && (
        <>
          <DateFilter label="From" value={filterText(filterValues.from)} onChange={(v) => setFilter('from', v)} />
          <DateFilter label="To" value={filterText(filterValues.to)} onChange={(v) => setFilter('to', v)} />
        </>
      )}
      <FormControlLabel
        control={<Checkbox checked={hideFailed} onChange={(e) => setFilter('hideFailed', e.target.checked)} />}
        label="Hide failed and abandoned"
      />
    </Stack>
  );

  return (
    <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap', rowGap: 2 }}
      >
        <TextField
          size="small"
          type="search"
          label="Search"
          placeholder="Reference, name, email or order number"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ minWidth: { sm: 320 }, flex: { sm: '1 1 320px' } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {isPhone ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button
              variant="outlined"
              startIcon={
                <Badge badgeContent={activeCount} color="primary">
                  <FilterListIcon />
                </Badge>
              }
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((v) => !v)}
            >
              Filters
            </Button>
            <ExportButton />
          </Stack>
        ) : (
          <>
            {selects}
            <Box sx={{ ml: { sm: 'auto' } }}>
              <ExportButton />
            </Box>
          </>
        )}
      </Stack>
      {isPhone && (
        <Collapse in={open} id={panelId}>
          {selects}
        </Collapse>
      )}
    </Box>
  );
}
