import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';

/** A titled part of a detail page (Photos, Details, Description…), the same on every <Show> page. */
export function ShowSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {children}
    </Box>
  );
}
