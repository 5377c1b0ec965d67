import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trustApi } from '../../api/trust';

/** The link in every notification e-mail: one press turns that kind of e-mail off, no sign-in needed. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const confirm = () =>
    trustApi.unsubscribe(token).then(
      (r) => setResult({ ok: true, message: r.message }),
      (e: Error) => setResult({ ok: false, message: e.message }),
    );
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'}>{result.message}</Alert>
      ) : (
        <Button variant="contained" onClick={() => void confirm()} disabled={!token}>
          Stop these e-mails
        </Button>
      )}
    </Container>
  );
}
