import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The narrow centred card every sign-in related page sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && <Typography sx={{ color: 'text.secondary', mb: 3 }}>{subtitle}</Typography>}
        {children}
      </Paper>
    </Container>
  );
}
