import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** A titled error inside a dialog; keeps multi-line validation messages on separate lines. */
export function ErrorNotice({ title, message }: { title: string; message: string }) {
  return (
    <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
