import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';
import { Alert, AlertTitle, Box, Button, CircularProgress, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** A detail page's way back to its list ('Back to orders'), at the top left of the page's column. */
export function BackToList({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button size="small" startIcon={<ArrowBackIcon />} component={RouterLink} to={to} sx={{ alignSelf: 'flex-start' }}>
      {children}
    </Button>
  );
}

/** A detail page while its record loads: a spinner named for screen readers, the page title already set. */
export function DetailLoading({ title, label }: { title: string; label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} role="status" aria-live="polite">
      <Title title={title} />
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/**
 * A detail page whose record did not load: the product's heading (not found, or the fetch failure), what more the
 * server said under it, and Retry (`onRetry`) when trying again can help.
 */
export function DetailError(props: { title: string; back: ReactNode; heading: string; onRetry?: () => void; children?: ReactNode }) {
  const { title, back, heading, onRetry, children } = props;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={title} />
      {back}
      <Alert
        severity="error"
        sx={{ whiteSpace: 'pre-line' }}
        action={
          onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      >
        <AlertTitle>{heading}</AlertTitle>
        {children}
      </Alert>
    </Stack>
  );
}
