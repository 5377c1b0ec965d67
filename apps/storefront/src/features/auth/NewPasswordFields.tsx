import { NewPasswordField, PasswordField } from '@kasuwa/ui/PasswordField';
import { useCallback, useState } from 'react';
import { newPasswordErrors, type NewPasswordErrors } from './passwordRules';

export interface NewPassword {
  password: string;
  confirm: string;
}

interface Props {
  value: NewPassword;
  /** With the one field that changed. */
  onChange: (change: Partial<NewPassword>) => void;
  errors: NewPasswordErrors;
  /** "Password" on the sign-up page, "New password" on the reset page. */
  label: string;
  name: string;
}

/** A new password and its confirmation (sign-up and reset), checked by newPasswordErrors before any call. */
export function NewPasswordFields({ value, onChange, errors, label, name }: Props) {
  return (
    <>
      <NewPasswordField
        label={label}
        name={name}
        required
        value={value.password}
        onChange={(e) => onChange({ password: e.target.value })}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={value.confirm}
        onChange={(e) => onChange({ confirm: e.target.value })}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm}
      />
    </>
  );
}

/** The pair's state for NewPasswordFields (`fields`), and `check()`: true when it may be sent, else it shows why. */
export function useNewPassword() {
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const onChange = useCallback((change: Partial<NewPassword>) => setValue((v) => ({ ...v, ...change })), []);
  // Checked before any call: a mismatch must not cost one (the product validation rules).
  const check = () => {
    const found = newPasswordErrors(value.password, value.confirm);
    setErrors(found);
    return !found.password && !found.confirm;
  };
  return { ...value, check, fields: { value, onChange, errors } };
}
