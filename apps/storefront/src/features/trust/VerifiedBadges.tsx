import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { SellerVerified } from '@kasuwa/contracts';

/**
 * "Phone verified" / "E-mail verified" beside a seller (product page's seller card, shop page), rendered on the server
 * from the answer's `verified`. Nothing when neither was verified: no badge is ever invented.
 */
export function VerifiedBadges({ verified }: { verified: SellerVerified | undefined }) {
  if (!verified?.email && !verified?.phone) return null;
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }} aria-label="Verified">
      {verified.phone && <Chip size="small" color="success" variant="outlined" icon={<VerifiedIcon />} label="Phone verified" />}
      {verified.email && <Chip size="small" color="success" variant="outlined" icon={<VerifiedIcon />} label="E-mail verified" />}
    </Stack>
  );
}
