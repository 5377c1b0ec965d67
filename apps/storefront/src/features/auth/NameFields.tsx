import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

type NameKey = 'firstName' | 'lastName';

/** Each name field's label and the autofill hint that lets the browser offer the right half of the saved name. */
const NAME_FIELDS: { key: NameKey; label: string; autoComplete: string }[] = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
];

/**
 * First and last name, side by side from sm up: sign-up and the profile editor ask for them the same way. `invalid`
 * (after a refused save) marks the blank ones.
 */
export function NameFields({
  value,
  onChange,
  invalid = false,
}: {
  value: Record<NameKey, string>;
  onChange: (key: NameKey) => (e: { target: { value: string } }) => void;
  invalid?: boolean;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {NAME_FIELDS.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={label}
          name={key}
          autoComplete={autoComplete}
          required
          value={value[key]}
          onChange={onChange(key)}
          error={invalid && !value[key].trim()}
        />
      ))}
    </Stack>
  );
}
