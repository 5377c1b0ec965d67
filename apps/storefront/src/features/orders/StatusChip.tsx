import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import type { Tone } from './orderFormat';

// Text tones chosen for ≥ 4.5:1 on their own tinted background in each theme (the stock warning/info fail).
const TONES: Record<'light' | 'dark', Record<Tone, string>> = {
  light: { success: '#1e6b34', warning: '#8a4b00', error: '#b3261e', info: '#1a4dbf', neutral: '#4a5a53' },
  dark: { success: '#7ee2a0', warning: '#ffc870', error: '#ff9e94', info: '#a8c4ff', neutral: '#c3d0c9' },
};

interface Props extends Omit<ChipProps, 'color'> {
  tone: Tone;
}

/** A tinted status badge; clickable when given onClick (the seller's shipped → delivered shortcut). */
export function StatusChip({ tone, sx, ...rest }: Props) {
  const theme = useTheme();
  const color = TONES[theme.palette.mode][tone];
  return (
    <Chip
      size="small"
      {...rest}
      sx={[
        {
          color,
          bgcolor: alpha(color, theme.palette.mode === 'dark' ? 0.16 : 0.1),
          border: 1,
          borderColor: alpha(color, 0.4),
          fontWeight: 600,
          '&.MuiChip-clickable:hover': { bgcolor: alpha(color, 0.22) },
          '& .MuiChip-icon': { color: 'inherit' },
        },
        // Array.isArray narrows MUI's sx to any[]: either way this is the sx array form.
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<NonNullable<ChipProps['sx']>, readonly unknown[]>),
      ]}
    />
  );
}
