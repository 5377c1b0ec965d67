import { Box, Typography } from '@mui/material';

/**
 * A person in a grid cell: the name, with the email under it (once: no name means the email stands alone). Each line
 * ends in an ellipsis when the column is narrower than it (the column can be widened; the CSV has it whole).
 */
export function NameAndEmail({ name, email }: { name: string | null | undefined; email: string }) {
  const shown = name || email;
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Typography variant="body2" noWrap>
        {shown}
      </Typography>
      {shown !== email && (
        <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
          {email}
        </Typography>
      )}
    </Box>
  );
}
