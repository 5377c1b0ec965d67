import { PASSWORD_MAX } from '@kasuwa/contracts';
import { PasswordField } from '@kasuwa/ui/PasswordField';
import { PASSWORD_LENGTH_HINT, type NewPasswordErrors } from './passwordRules';

interface Props {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: NewPasswordErrors;
  /** "Password" on the sign-up page, "New password" on the reset page. */
  label: string;
  name: string;
}

/** A new password and its confirmation (sign-up and reset), checked by newPasswordErrors before any call. */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, errors, label, name }: Props) {
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? PASSWORD_LENGTH_HINT}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm}
      />
    </>
  );
}
