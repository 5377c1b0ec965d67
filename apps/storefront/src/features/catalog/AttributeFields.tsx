import type { AttributeDefinition } from '@kasuwa/contracts';
import { SelectField } from '@kasuwa/ui/SelectField';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { catalogApi } from '../../api/catalog';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';

const NONE: AttributeDefinition[] = [];

export interface AttributeFieldsProps {
  categoryId: string;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  /** The definitions once known for `categoryId` (the page sends only their keys). */
  onDefinitions: (defs: AttributeDefinition[]) => void;
  /** The server's messages per attribute key ("Make is required"). */
  errors: Record<string, string>;
}

/**
 * The chosen category's attributes on the sell form (make, year, mileage…): a choice as a select, a year or number as
 * a number box with its unit, text as text. The server checks them against the same definitions. In its own chunk.
 */
export default function AttributeFields({ categoryId, values, onChange, onDefinitions, errors }: AttributeFieldsProps) {
  // Without them the form still posts; the server names anything required.
  const { data } = useApiQuery(
    queryKeys.category(categoryId),
    async (signal) => (await catalogApi.category(categoryId, signal)).data.effectiveAttributes ?? [],
    { enabled: categoryId !== '' },
  );
  const defs = (categoryId && data) || NONE;
  useEffect(() => {
    onDefinitions(defs);
    // onDefinitions is the page's setter.
  }, [defs]);
  if (!defs.length) return null;
  const set = (key: string, value: string) => onChange({ ...values, [key]: value });
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      data-testid="attribute-fields"
    >
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Details buyers filter by
      </Typography>
      {defs.map((d) => {
        const common = {
          id: `attr-${d.key}`,
          name: `attributes.${d.key}`,
          label: d.label,
          required: d.required === true,
          error: Boolean(errors[d.key]),
          helperText: errors[d.key],
          value: values[d.key] ?? '',
        };
        if (d.type === 'choice') {
          return (
            <SelectField
              key={d.key}
              {...common}
              onChange={(e) => set(d.key, e.target.value)}
              options={(d.values ?? []).map((v) => ({ value: v, label: v }))}
            >
              <option value="">{d.required ? `Choose the ${d.label.toLowerCase()}` : 'Not given'}</option>
            </SelectField>
          );
        }
        const numeric = d.type === 'number' || d.type === 'year';
        return (
          <TextField
            key={d.key}
            {...common}
            onChange={(e) => set(d.key, e.target.value)}
            slotProps={{
              htmlInput: numeric ? { inputMode: 'numeric', maxLength: 16 } : { maxLength: 100 },
              input: d.unit ? { endAdornment: <Typography sx={{ color: 'text.secondary', ml: 1 }}>{d.unit}</Typography> } : undefined,
            }}
          />
        );
      })}
    </Box>
  );
}
