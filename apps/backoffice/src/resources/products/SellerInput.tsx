import { useState } from 'react';
import { useGetList } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import type { AdminUserRow } from '@kasuwa/contracts';

const label = (u: AdminUserRow) => `${u.fullName || 'No name'} (${u.email})`;

interface Props {
  value: AdminUserRow | null;
  onChange: (user: AdminUserRow | null) => void;
  error?: string;
}

/**
 * The seller a back-office listing belongs to (`userID`, required for admins). Searches active
 * users on the server (filter q over name and email) as the admin types.
 */
export function SellerInput({ value, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const {
    data = [],
    isPending,
    error: failed,
  } = useGetList<AdminUserRow>(
    'users',
    {
      filter: search.trim() ? { q: search.trim(), status: 'active' } : { status: 'active' },
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { placeholderData: (previous) => previous },
  );
  // Keep the chosen seller among the choices while a new search is shown.
  const options = value && !data.some((u) => u.id === value.id) ? [value, ...data] : data;
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, user) => onChange(user)}
      onInputChange={(_e, text, reason) => reason === 'input' && setSearch(text)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server already matched name or email; show its answer as it is.
      filterOptions={(list) => list}
      loading={isPending}
      noOptionsText="No users found"
      renderInput={(params) => (
        <TextField
          {...params}
          name="userID"
          label="Seller"
          required
          error={Boolean(error)}
          helperText={error ?? (failed ? 'Failed to fetch users' : 'Type a name or email to find the seller')}
        />
      )}
    />
  );
}
