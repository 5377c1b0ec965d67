import { Box, Typography } from '@mui/material';

/** The spec's empty-state line (§8), e.g. 'No users found'. */
export function EmptyState({ text, hint }: { text: string; hint?: string }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} role="status">
      <Typography variant="h6" component="p">
        {text}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
