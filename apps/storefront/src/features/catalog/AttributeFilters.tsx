import type { AttributeFacet } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

export interface AttributeFiltersProps {
  facets: AttributeFacet[];
  /** The filters in the address now (names without `attr.`). */
  attrs: [string, string][];
  /** The address of the page with these filters (a real link: opens in a new tab, works before the script runs). */
  hrefOf: (attrs: [string, string][]) => string;
  onChange: (attrs: [string, string][]) => void;
}

/** Values shown per attribute before "more" (a phone screen shows a few rows, not 40 makes). */
const SHOWN = 12;

/** "1,234" or, for a count scaled from a sample, "about 1,200". */
function countLabel(count: number, estimated: boolean): string {
  return `${estimated ? '~' : ''}${count.toLocaleString('en-NG')}`;
}

/**
 * The chosen category's attribute filters (make, year, transmission…), each value with how many listings of this search
 * have it (the API's `meta.facets`). Choosing a value filters by it (`attr.make=Toyota`); choosing it again clears it.
 * In its own chunk: only a page with a category that has attributes loads it.
 */
export default function AttributeFilters({ facets, attrs, hrefOf, onChange }: AttributeFiltersProps) {
  const chosen = (key: string) => attrs.find(([k]) => k === key)?.[1];
  const toggled = (key: string, value: string): [string, string][] => {
    const others = attrs.filter(([k]) => k !== key && !k.startsWith(`${key}.`));
    return chosen(key) === value ? others : [...others, [key, value]];
  };
  const shown = facets.filter((f) => f.values.length > 0 || chosen(f.key));
  if (!shown.length) return null;
  return (
    <Box component="nav" aria-label="Filter by details" data-testid="attribute-filters" sx={{ display: 'grid', gap: 1.25, mb: 2 }}>
      {shown.map((f) => {
        const selected = chosen(f.key);
        const values =
          selected && !f.values.some((v) => v.value === selected)
            ? [{ value: selected, count: 0, estimated: false }, ...f.values]
            : f.values;
        return (
          <Box
            key={f.key}
            role="group"
            aria-labelledby={`facet-${f.key}`}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
          >
            <Typography id={`facet-${f.key}`} component="span" variant="body2" sx={{ fontWeight: 600, minWidth: 96 }}>
              {f.label}
            </Typography>
            {values.slice(0, SHOWN).map((v) => {
              const next = toggled(f.key, v.value);
              const on = selected === v.value;
              return (
                <Chip
                  key={v.value}
                  component="a"
                  href={hrefOf(next)}
                  clickable
                  size="small"
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  data-facet={`${f.key}=${v.value}`}
                  label={`${v.value} (${countLabel(v.count, v.estimated)})`}
                  title={v.estimated ? 'About this many (counted over a sample)' : undefined}
                  onClick={(e: React.MouseEvent) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    onChange(next);
                  }}
                />
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
