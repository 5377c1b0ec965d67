import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';

/** Last-resort screen, e.g. when a page's code cannot be downloaded on a flaky connection. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    document.title = 'Something went wrong · Kasuwa';
    console.error(error);
  }, [error]);
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>The page could not be loaded. Check your connection and try again.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Container>
  );
}
