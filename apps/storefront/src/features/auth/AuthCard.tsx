import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';

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

interface AuthFormProps {
  /**
   * What submitting does: the call, while which the button spins (after a failure it can be pressed again: the central
   * handler has said why), or false to make none (a check failed and says so).
   */
  onSubmit: () => Promise<unknown> | false;
  submitLabel: string;
  children: ReactNode;
  /** Below the submit button, inside the form (e.g. a way back). */
  after?: ReactNode;
}

/** The form of a sign-in related page: its fields stacked, then one large submit button that spins while it works. */
export function AuthForm({ onSubmit, submitLabel, children, after }: AuthFormProps) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const call = onSubmit();
    if (call === false) return;
    setBusy(true);
    try {
      await call;
    } catch {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        {children}
        <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy}>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </Box>
  );
}

/** The line under the card that leads to the other page ("New to Kasuwa? Sign up"). */
export function AuthFooter({ lead, href, children }: { lead: string; href: string; children: ReactNode }) {
  return (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      {lead}{' '}
      <Link href={href} underline="hover" sx={{ fontWeight: 600 }}>
        {children}
      </Link>
    </Typography>
  );
}
