import { useListContext } from 'react-admin';
import { Alert, AlertTitle, Button } from '@mui/material';

/**
 * Shown in place of what failed to load: the product's default text as the title, the server's own message underneath
 * when it says something more, and Retry. `inset` inside a list's frame.
 */
export function LoadError({
  title,
  error,
  onRetry,
  inset = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  inset?: boolean;
}) {
  const detail = error instanceof Error && error.message && error.message !== title ? error.message : '';
  return (
    <Alert
      severity="error"
      sx={{ m: inset ? 2 : undefined, whiteSpace: 'pre-line' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}

/** Shown in place of a list when loading it failed. */
export function ListError({ title }: { title: string }) {
  const { error, refetch } = useListContext();
  return <LoadError title={title} error={error} onRetry={() => void refetch()} inset />;
}
