import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Honest stand-in for pages whose feature has not shipped yet (product, sell, orders, payments). */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <ConstructionIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: '1.8rem', my: 1 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>This part of Kasuwa is not open yet. Please check back soon.</Typography>
        <Button href="/" variant="contained">
          Back to Homepage
        </Button>
      </Paper>
    </Container>
  );
}
