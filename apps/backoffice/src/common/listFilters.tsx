import { SearchInput, SelectInput } from 'react-admin';
import type { SxProps, Theme } from '@mui/material';
import { statusChoices } from './StatusChip';

/**
 * The list's search box (filter `q`, searched on the server), always shown. react-admin's own filter form debounces
 * it (500 ms) before the list asks the server again. `label` is its accessible name, which says what it searches.
 */
export function searchFilter(placeholder: string, label: string, sx?: SxProps<Theme>) {
  return <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} sx={sx} slotProps={{ htmlInput: { 'aria-label': label } }} />;
}

/** A status select (filter `status`) over a contracts status list, always shown, 'All statuses' by default. */
export function statusFilter(statuses: readonly string[]) {
  return <SelectInput key="status" source="status" label="Status" choices={statusChoices(statuses)} alwaysOn emptyText="All statuses" />;
}
