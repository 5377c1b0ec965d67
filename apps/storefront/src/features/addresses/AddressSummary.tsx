import type { Address } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { placeLine } from './addressForm';

/** "+2348031234567" as people read it: "0803 123 4567". */
export const localPhone = (e164: string) => e164.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, '0$1 $2 $3');

/** One saved address, as the radio list and the profile show it. */
export function AddressSummary({ address: a }: { address: Address }) {
  return (
    <Box sx={{ py: 0.25, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.street}</Typography>
        {a.isDefault && <Chip size="small" label="Default" color="primary" variant="outlined" />}
      </Stack>
      <Typography variant="body2">{placeLine(a)}</Typography>
      {a.landmark && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Landmark: {a.landmark}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {localPhone(a.phone)}
      </Typography>
    </Box>
  );
}
