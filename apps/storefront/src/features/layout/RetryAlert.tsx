import Alert, { type AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface Props {
  onRetry: () => void;
  children: ReactNode;
  severity?: AlertProps['severity'];
  sx?: AlertProps['sx'];
  /** Inside a tab's panel (the profile's tabs): set in from its edges. */
  inset?: boolean;
}

/** What failed to load, with a "Try again" button that asks again: the one way a page says a fetch failed. */
export function RetryAlert({ onRetry, children, severity = 'error', sx, inset }: Props) {
  const alert = (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
  return inset ? <Box sx={{ p: 2 }}>{alert}</Box> : alert;
}
