import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/**
 * One fact of a detail page as a definition-list pair (screen readers announce the label with its value): the label
 * muted above, the value under it, wrapping anywhere (references and emails are long words). Inside a `dl`.
 */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
