import { useListContext } from 'react-admin';
import { Alert, AlertTitle, Button } from '@mui/material';

/**
 * Shown in place of a list when loading it failed: the product's default text as the title,
 * the server's own message underneath when it says something more.
 */
export function ListError({ title }: { title: string }) {
  const { error, refetch } = useListContext();
  const detail = error instanceof Error && error.message && error.message !== title ? error.message : '';
  return (
    <Alert
      severity="error"
      sx={{ m: 2, whiteSpace: 'pre-line' }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}
