import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

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

type FieldChange = ((e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void) | ((e: ChangeEvent<HTMLSelectElement>) => void);

/**
 * What the visitor typed or chose in the server's HTML before the field hydrated (the app loads after the first
 * paint) is kept: React hydrates a field leaving the page's value in the box but not in the state, and fires no
 * change for it. Once hydrated, a value that differs from the rendered one is handed to onChange, as if just typed,
 * and applied at once (flushSync): left as an ordinary update, a render of other parts still hydrating could come
 * first and put the box back to the rendered value until the page's navigation committed (seen at 7-8x CPU slowdown).
 */
export function useValueKeptFromHtml(id: string, value: unknown, onChange: FieldChange | undefined): void {
  useEffect(() => {
    const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    if (!el || !onChange || value === undefined || el.value === String(value ?? '')) return;
    flushSync(() => (onChange as (e: { target: typeof el; currentTarget: typeof el }) => void)({ target: el, currentTarget: el }));
    // Once, when the field has hydrated.
  }, []);
}

export function LightTextField({ id, label, sx, ...input }: LightTextFieldProps) {
  useValueKeptFromHtml(id, input.value, input.onChange);
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
  // The choice shows at once, in an update of its own: the page applies it through the router, whose render is a
  // transition, and until that commits React puts a controlled select back to the old value (on a slow phone the
  // sort chosen while the page hydrated flicked back to "Newest" for a second). A new value from the page wins.
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setShown(value);
  }
  const choose = (e: ChangeEvent<HTMLSelectElement>) => {
    setShown(e.target.value);
    onChange(e);
  };
  useValueKeptFromHtml(id, value, choose);
  return (
    <FormControl size="small" fullWidth sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={shown}
        onChange={choose}
        input={<OutlinedInput id={id} name={name} label={label} notched disableInjectingGlobalStyles />}
      >
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
