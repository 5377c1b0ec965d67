import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The unknown address's page; a page whose thing is gone (a shop) says so in its own words. */
export default function NotFoundPage({
  title = 'Page not found',
  text = "We couldn't find the page you're looking for. It may have moved, or the link may be wrong.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography component="p" sx={{ fontSize: '4rem', fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>
        404
      </Typography>
      <Typography variant="h1" sx={{ my: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 4, color: 'text.secondary' }}>{text}</Typography>
      <Button variant="contained" href="/">
        Back to Homepage
      </Button>
    </Container>
  );
}
