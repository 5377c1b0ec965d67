import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useState, type CSSProperties } from 'react';

const NO_POINTER = { pointerEvents: 'none' } as const;

/**
 * 1–5 stars as a native radio group (arrow keys, one tab stop, a label per star). MUI's Rating is not used for input
 * here: native radios need no script to read, and a tap on Rating's star labels did not set the value when the
 * browser build ran on Preact (mui/material-ui#27026).
 */
export function StarPicker({
  value,
  onChange,
  name = 'stars',
}: {
  value: number | null;
  onChange: (stars: number) => void;
  name?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'inline-flex' }} onMouseLeave={() => setHover(null)}>
      <Box component="legend" sx={visuallyHidden}>
        Stars
      </Box>
      {[1, 2, 3, 4, 5].map((n) => (
        <Box
          component="label"
          key={n}
          onMouseEnter={() => setHover(n)}
          sx={{
            cursor: 'pointer',
            color: n <= shown ? '#faaf00' : 'text.secondary',
            display: 'inline-flex',
            p: 0.25,
            '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 1 },
          }}
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            style={visuallyHidden as CSSProperties}
          />
          {/* The icon takes no pointer events: the press and the release land on the label. Hovering swaps the icon
              (outline for filled), and a press on the old icon released on the new one made no click (the tap did nothing). */}
          {n <= shown ? <Star fontSize="large" aria-hidden sx={NO_POINTER} /> : <StarBorder fontSize="large" aria-hidden sx={NO_POINTER} />}
          <Box component="span" sx={visuallyHidden}>
            {n === 1 ? '1 Star' : `${n} Stars`}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
