import { Box, Typography } from '@mui/material';

/**
 * The product's empty-state line, e.g. 'No users found'. A live `status` region on its own; inside a DataGrid
 * (`inGrid`) it is plain text, since a `grid` may only own rows (axe: aria-required-children).
 */
export function EmptyState({ text, hint, inGrid = false }: { text: string; hint?: string; inGrid?: boolean }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} role={inGrid ? undefined : 'status'}>
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
