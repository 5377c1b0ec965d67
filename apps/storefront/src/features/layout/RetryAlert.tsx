import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** What failed to load, with a "Try again" button that asks again: the one way a page says a fetch failed. */
export function RetryAlert({ onRetry, children, severity = 'error', sx }: { onRetry: () => void; children: ReactNode; severity?: AlertProps['severity']; sx?: AlertProps['sx'] }) {
  return (
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
}
