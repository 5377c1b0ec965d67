import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import { adminPath } from '../config';

/** A line of text with an in-app link, e.g. "Forgot your password? Reset it". */
export function AuthLink({ to, children, lead }: { to: string; children: ReactNode; lead?: string }) {
  return (
    <Typography variant="body2">
      {lead && `${lead} `}
      <Link component={RouterLink} to={adminPath(to)} underline="always">
        {children}
      </Link>
    </Typography>
  );
}
