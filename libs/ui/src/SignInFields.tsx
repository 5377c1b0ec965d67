import TextField from '@mui/material/TextField';
import { PasswordField } from './PasswordField';

interface Props {
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
  /** The back office's login page has nothing else to do: the cursor starts in the email field. */
  autoFocus?: boolean;
}

/** Email and password for a sign-in form, named as password managers expect (both apps' sign-in pages). */
export function SignInFields({ email, password, onEmail, onPassword, autoFocus }: Props) {
  return (
    <>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        fullWidth
        autoFocus={autoFocus}
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        fullWidth
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}
