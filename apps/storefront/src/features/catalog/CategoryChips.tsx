import { ALL_CATEGORY_ID, CATEGORY_CHIPS_SHOWN, type Category } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { LinkBehavior } from '../../app/LinkBehavior';
import { RetryAlert } from '../layout/RetryAlert';

interface Props {
  categories: Category[] | null;
  error: string | null;
  /** Slug (or id) of the chosen category, or 'all'. */
  selected: string;
  onSelect: (slug: string) => void;
  onRetry: () => void;
  /** A category's landing page, when the search has one (a state chosen, no words): its chip is a link there. */
  linkOf?: (slug: string) => string | null;
}

/** One row that scrolls sideways on a phone, so the chips never push the listings below the fold. */
const ROW_SX = {
  display: 'flex',
  gap: 1,
  flexWrap: 'nowrap',
  alignItems: 'center',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  minHeight: 32,
  mb: { xs: 1.5, sm: 2 },
  mx: { xs: -1.5, sm: 0 },
  px: { xs: 1.5, sm: 0 },
  '& > *': { flexShrink: 0 },
} as const;

export function matchesCategory(c: Category, selected: string): boolean {
  return c.slug === selected || String(c.id) === selected;
}

/** "All" plus the top-level categories: 7 chips at first, then More / Show Less (the product constants). */
export function CategoryChips({ categories, error, selected, onSelect, onRetry, linkOf }: Props) {
  const [expanded, setExpanded] = useState(false);

  if (error) {
    return (
      <RetryAlert onRetry={onRetry} severity="warning" sx={{ mb: 2 }}>
        {error}
      </RetryAlert>
    );
  }
  if (!categories) {
    return (
      <Box aria-hidden sx={ROW_SX}>
        {Array.from({ length: CATEGORY_CHIPS_SHOWN }, (_, i) => (
          <Skeleton key={i} variant="rounded" width={i === 0 ? 48 : 110} height={32} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
    );
  }

  const chips = [
    { key: ALL_CATEGORY_ID, label: 'All', value: ALL_CATEGORY_ID },
    ...categories.filter((c) => c.parentCategoryID === null).map((c) => ({ key: String(c.id), label: c.categoryName, value: c.slug })),
  ];
  // A sub-category in the URL (a shared link) selects its parent's chip, so the choice stays visible.
  const chosen = categories.find((c) => matchesCategory(c, selected));
  const chosenTop = chosen && chosen.parentCategoryID !== null ? categories.find((c) => c.id === chosen.parentCategoryID) : chosen;
  const activeValue = selected === ALL_CATEGORY_ID ? ALL_CATEGORY_ID : (chosenTop?.slug ?? selected);
  const activeIndex = chips.findIndex((c) => c.value === activeValue);
  const showAll = expanded || activeIndex >= CATEGORY_CHIPS_SHOWN;
  const visible = showAll ? chips : chips.slice(0, CATEGORY_CHIPS_SHOWN);

  return (
    <Box role="group" aria-label="Categories" sx={ROW_SX}>
      {visible.map((chip) => {
        const active = chip.value === activeValue;
        const href = chip.value === ALL_CATEGORY_ID ? null : linkOf?.(chip.value);
        return (
          <Chip
            key={chip.key}
            label={chosen && active && chosen !== chosenTop ? `${chip.label} › ${chosen.categoryName}` : chip.label}
            clickable
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            {...(href ? { component: LinkBehavior, href } : { 'aria-pressed': active, onClick: () => onSelect(chip.value) })}
            sx={{ fontWeight: active ? 700 : 500 }}
          />
        );
      })}
      {chips.length > CATEGORY_CHIPS_SHOWN && activeIndex < CATEGORY_CHIPS_SHOWN && (
        <Button size="small" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? 'Show Less' : 'More'}
        </Button>
      )}
    </Box>
  );
}
