import { PASSWORD_MAX, PASSWORD_MIN } from '@kasuwa/contracts';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A password input with a show/hide toggle screen readers can operate (named after the field's label): typing a
 * long password on a phone keyboard is error-prone.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  const label = typeof props.label === 'string' ? props.label.toLowerCase() : 'password';
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? `Hide ${label}` : `Show ${label}`}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Under a new password while it has no error: the length rule the API holds it to. */
export const NEW_PASSWORD_HINT = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

/**
 * A new password (sign-up, reset, an admin's request) in both apps: offered to the password manager as new, never
 * longer than the API takes, the length rule shown under it until there is an error to show instead. `refuseShort`:
 * the browser itself refuses a short one (a form with no length check of its own, as the back office's).
 */
export function NewPasswordField({
  helperText,
  slotProps,
  refuseShort,
  ...props
}: Omit<TextFieldProps, 'type'> & { refuseShort?: boolean }) {
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      helperText={helperText ?? NEW_PASSWORD_HINT}
      slotProps={{ ...slotProps, htmlInput: { maxLength: PASSWORD_MAX, minLength: refuseShort ? PASSWORD_MIN : undefined } }}
    />
  );
}
