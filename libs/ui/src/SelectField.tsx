import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type Props = Omit<TextFieldProps, 'select' | 'children'> & {
  options: readonly SelectOption[];
  /** Choices before the options: a placeholder ("Choose a state"), or a remembered value while the list loads. */
  children?: ReactNode;
};

/**
 * A choice from a list as both apps' forms ask for it: a native <select> (light, and the phone's own picker, not MUI's
 * menu) with its label always raised.
 */
export function SelectField({ options, children, slotProps, ...props }: Props) {
  return (
    <TextField select {...props} slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}>
      {children}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
