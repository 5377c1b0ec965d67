import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INFO_LINKS } from './navLinks';

export function Footer() {
  return (
    <Box component="footer" sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.25rem', color: 'primary.main' }}>
              Kasuwa
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 360 }}>
              Where Commerce Lives. Buy and sell new and used goods across Nigeria, paid by card and delivered to your door.
            </Typography>
          </Box>
          <Box component="nav" aria-label="Information">
            <Stack component="ul" direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {INFO_LINKS.map((l) => (
                <li key={l.to}>
                  <Link href={l.to} color="inherit" underline="hover" variant="body2">
                    {l.label}
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
          © {new Date().getFullYear()} Kasuwa. All prices in naira (₦).
        </Typography>
      </Container>
    </Box>
  );
}
