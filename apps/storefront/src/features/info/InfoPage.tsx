import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const SUPPORT_EMAIL = 'support@kasuwa.ng';
export const SUPPORT_HOURS = '9am–5pm WAT, Monday to Friday';
export const POLICY_UPDATED = '1 November 2026';

/** Shared frame of the legal pages: one h1, dated, readable line length. */
export function InfoPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" component="article" sx={{ p: { xs: 2.5, md: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.25rem' } }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
          Last updated {POLICY_UPDATED}
        </Typography>
        {intro && <Typography sx={{ mb: 3 }}>{intro}</Typography>}
        {children}
      </Paper>
    </Container>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Typography>;
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Typography component="ul" sx={{ pl: 3, mt: 0, mb: 1.5, lineHeight: 1.7 }}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Typography>
  );
}
