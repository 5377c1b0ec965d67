import { Box, Typography } from '@mui/material';

/** A person in a list cell: the name, with the email under it (once: no name means the email stands alone). */
export function NameAndEmail({ name, email }: { name: string | null | undefined; email: string }) {
  const shown = name || email;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{shown}</Typography>
      {shown !== email && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
      )}
    </Box>
  );
}
