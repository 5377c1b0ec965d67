import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { ChangeEvent, ReactNode } from 'react';

/*
 * The home page's inputs, built from the parts TextField is made of. TextField always imports the
 * menu-based Select (Menu → Popover → Modal, ~12 kB gzipped) even for native selects; the landing
 * page on a phone on prepaid data does not need it.
 *
 * disableInjectingGlobalStyles: each input would otherwise mount an emotion <Global> with MUI's autofill keyframes,
 * a <style> added to the page per field while it hydrates (each a style recalculation of the whole page). They only
 * serve to notice a browser's autofill, and these fields are search words, places and prices (autocomplete off).
 */

type LightTextFieldProps = Omit<OutlinedInputProps, 'label' | 'size'> & { id: string; label: string };

export function LightTextField({ id, label, sx, ...input }: LightTextFieldProps) {
  return (
    <FormControl size="small" fullWidth sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} disableInjectingGlobalStyles {...input} />
    </FormControl>
  );
}

export interface LightOption {
  value: string;
  label: string;
}

interface LightSelectProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  options: readonly LightOption[];
  /** Choices before the options (e.g. "All Nigeria"). */
  children?: ReactNode;
  sx?: OutlinedInputProps['sx'];
}

export function LightSelect({ id, label, name, value, onChange, options, children, sx }: LightSelectProps) {
  return (
    <FormControl size="small" fullWidth sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect value={value} onChange={onChange} input={<OutlinedInput id={id} name={name} label={label} notched disableInjectingGlobalStyles />}>
        {children}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
