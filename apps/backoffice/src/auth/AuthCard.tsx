import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { AuthLink } from './AuthLink';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** Under the form: lines with a link to the other public pages, e.g. "Forgot your password? Reset it". */
  links?: { to: string; lead?: string; text: string }[];
  /** Above the fields: a notice (e.g. from the page before) and the failure text of the last try. */
  notice?: ReactNode;
  error?: string;
  /** The submit button's text, and its text while the call is out. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Submitting is over for this page (e.g. the reset email went out). */
  submitDisabled?: boolean;
}

/** The frame shared by the public admin pages (login, signup, forgot and reset password): fields, error, submit. */
export function AuthCard({
  title,
  subtitle,
  onSubmit,
  children,
  links = [],
  notice,
  error,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
}: AuthCardProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: { xs: 3, sm: 6 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography component="p" variant="overline" sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 2, lineHeight: 1.5 }}>
            Kasuwa back office
          </Typography>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: subtitle ? 0.5 : 2 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          <Box component="form" noValidate={false} onSubmit={onSubmit}>
            <Stack spacing={2}>
              {notice}
              {error && (
                <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                  {error}
                </Alert>
              )}
              {children}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={pending || submitDisabled}
                startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {pending ? pendingLabel : submitLabel}
              </Button>
            </Stack>
          </Box>
          {links.length > 0 && (
            <Stack spacing={1} sx={{ mt: 3 }}>
              {links.map(({ to, lead, text }) => (
                <AuthLink key={to} to={to} lead={lead}>
                  {text}
                </AuthLink>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
