import Alert from '@mui/material/Alert';

/** Shown on product pages and in the chat. */
export function SafetyTips() {
  return (
    <Alert severity="info" variant="outlined" sx={{ '& p': { m: 0 } }}>
      <strong>Stay safe:</strong> never pay outside Kasuwa. Kasuwa holds your payment until you receive the item; a seller who asks for a
      bank transfer is a warning sign — report them.
    </Alert>
  );
}
