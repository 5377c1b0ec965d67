import { useState } from 'react';
import { AutocompleteInput, required, useGetList } from 'react-admin';
import type { AdminUserRow } from '@kasuwa/contracts';

const label = (u: AdminUserRow) => `${u.fullName || 'No name'} (${u.email})`;

/**
 * The seller a back-office listing belongs to (`userID`, required for admins). Searches active
 * users on the server (filter q over name and email) as the admin types.
 */
export function SellerInput() {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<AdminUserRow | null>(null);
  const { data = [], isPending, error } = useGetList<AdminUserRow>(
    'users',
    {
      filter: search.trim() ? { q: search.trim(), status: 'active' } : { status: 'active' },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { placeholderData: (previous) => previous },
  );
  // Keep the chosen seller among the choices while a new search is shown.
  const choices = chosen && !data.some((u) => u.id === chosen.id) ? [chosen, ...data] : data;
  return (
    <AutocompleteInput
      source="userID"
      label="Seller"
      choices={choices}
      optionText={label}
      setFilter={setSearch}
      // The server already matched name or email; show its answer as it is.
      matchSuggestion={() => true}
      onChange={(_value, record) => setChosen((record as AdminUserRow | undefined) ?? null)}
      isPending={isPending}
      validate={required('Choose the seller this listing belongs to')}
      helperText={error ? 'Failed to fetch users' : 'Type a name or email to find the seller'}
      noOptionsText="No users found"
      fullWidth
    />
  );
}
