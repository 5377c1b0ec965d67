import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { ReactNode } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { useTypedText } from './useTypedText';

export const HEADLINES = ['Where Commerce Lives', 'Deals in Motion', 'Your Marketplace', 'Your Shopping Marketplace'] as const;

/** The hero's band (module level: the server's style memo keeps a function in sx by its identity). */
const heroStyles = (t: Theme) => ({
  // Compact on phones: the first row of listings must show without scrolling at 360 × 640.
  py: { xs: 1.5, sm: 4, md: 8 },
  background:
    t.palette.mode === 'dark' ? 'linear-gradient(160deg, #12261e 0%, #0f1412 70%)' : 'linear-gradient(160deg, #e3f3ec 0%, #f6f8f7 70%)',
});

export function Hero({ children }: { children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  const typed = useTypedText(HEADLINES, reduced);
  return (
    <Box component="section" aria-labelledby="hero-title" sx={heroStyles}>
      <Container maxWidth="lg">
        <Typography component="p" sx={{ color: 'primary.main', fontWeight: 700, mb: 1, display: { xs: 'none', sm: 'block' } }}>
          Kasuwa — buy and sell across Nigeria
        </Typography>
        <Typography
          id="hero-title"
          variant="h1"
          sx={{
            fontSize: { xs: '1.35rem', sm: '2.6rem', md: '3.4rem' },
            lineHeight: 1.3,
            // One line that never wraps: a longer headline must not push the page down while it types.
            minHeight: '1.3em',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            mb: { xs: 1, sm: 2 },
          }}
        >
          {/* Screen readers get the headline once instead of every keystroke of the animation. */}
          <Box component="span" sx={visuallyHidden}>
            Where Commerce Lives
          </Box>
          <Box component="span" aria-hidden data-testid="typed-headline">
            {typed}
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                width: '0.08em',
                height: '1em',
                bgcolor: 'primary.main',
                ml: 0.5,
                verticalAlign: '-0.1em',
                animation: reduced ? 'none' : 'kasuwa-caret 1s steps(1) infinite',
                '@keyframes kasuwa-caret': { '50%': { opacity: 0 } },
              }}
            />
          </Box>
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 620, mb: { xs: 3, md: 4 }, display: { xs: 'none', sm: 'block' } }}>
          New and used goods from sellers near you. Pick up for free or have the seller deliver: you see each fee at checkout and pay safely
          by card, held by Kasuwa until your order arrives.
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
