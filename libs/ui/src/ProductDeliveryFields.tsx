import { DELIVERY_ZONE_LABELS, DELIVERY_ZONES, type DeliveryZone } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeliveryFormValues, DeliveryZoneFormValues, ProductFieldErrors, ProductFieldName } from './productFormRules';

interface Props {
  value: DeliveryFormValues;
  onChange: (next: DeliveryFormValues, touched: ProductFieldName[]) => void;
  errors: ProductFieldErrors;
  /** Where pickup happens ("Ikeja, Lagos"), or null before a place is chosen. */
  area: string | null;
  disabled?: boolean;
}

/** A zone's two figures, fee in naira then days; the fee also shows an error about the zone as a whole. */
const ZONE_FIGURES: { key: 'fee' | 'days'; name: string; maxLength: number; adornment: object; zoneError: boolean }[] = [
  {
    key: 'fee',
    name: 'Fee',
    maxLength: 9,
    adornment: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
    zoneError: true,
  },
  {
    key: 'days',
    name: 'Days',
    maxLength: 3,
    adornment: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
    zoneError: false,
  },
];

const ZONE_HINT: Record<DeliveryZone, string> = {
  lga: 'Buyers in your LGA',
  state: 'Elsewhere in your state',
  other: 'Anywhere else in Nigeria',
};

/**
 * The product form's Delivery section (docs/delivery.md: Delivery): pickup (free, in the seller's area), seller
 * delivery with a fee and days per zone, pay on delivery (opt-in). The fee and days fields stay in place when a zone
 * is not served (disabled), so ticking one moves nothing.
 */
export function ProductDeliveryFields({ value, onChange, errors, area, disabled }: Props) {
  const setZone = (zone: DeliveryZone, patch: Partial<DeliveryZoneFormValues>) =>
    onChange({ ...value, zones: { ...value.zones, [zone]: { ...value.zones[zone], ...patch } } }, [
      'delivery',
      'delivery.payOnDelivery',
      `delivery.sellerDelivery.${zone}`,
      ...(Object.keys(patch) as ('fee' | 'days' | 'on')[])
        .filter((k) => k !== 'on')
        .map((k) => `delivery.sellerDelivery.${zone}.${k as 'fee' | 'days'}` as const),
    ]);
  const general = errors.delivery;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(general)}
      sx={{ display: 'block' }}
      aria-describedby={general ? 'delivery-error' : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 0.5, fontWeight: 600 }}>
        Delivery
      </FormLabel>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        How this item reaches buyers. Offer at least one way.
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            name="delivery.pickup"
            checked={value.pickup}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, pickup: e.target.checked }, ['delivery', 'delivery.pickup'])}
          />
        }
        label={
          <span>
            Pickup / meet-up{' '}
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              — free, in {area ?? 'your area'}
            </Typography>
          </span>
        }
      />
      <Typography component="h3" variant="body2" sx={{ fontWeight: 600, mt: 1.5, mb: 1 }} id="seller-delivery-label">
        Seller delivery
      </Typography>
      <Box
        role="group"
        aria-labelledby="seller-delivery-label"
        sx={{
          display: 'grid',
          gap: { xs: 1, sm: 1.5 },
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'minmax(170px, 1.2fr) 1fr 1fr' },
          alignItems: 'start',
        }}
      >
        {DELIVERY_ZONES.map((zone) => {
          const z = value.zones[zone];
          const base = `delivery.sellerDelivery.${zone}` as const;
          const label = DELIVERY_ZONE_LABELS[zone];
          return (
            <Box key={zone} sx={{ display: 'contents' }}>
              <FormControlLabel
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mr: 0, mt: { sm: 0.5 } }}
                control={
                  <Checkbox name={base} checked={z.on} disabled={disabled} onChange={(e) => setZone(zone, { on: e.target.checked })} />
                }
                label={
                  <span>
                    {label}
                    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.2 }}>
                      {ZONE_HINT[zone]}
                    </Typography>
                  </span>
                }
              />
              {ZONE_FIGURES.map(({ key, name, maxLength, adornment, zoneError }) => {
                const error = errors[`${base}.${key}`] ?? (zoneError ? errors[base] : undefined);
                return (
                  <TextField
                    key={key}
                    size="small"
                    label={`${name}, ${label}`}
                    name={`${base}.${key}`}
                    value={z[key]}
                    disabled={disabled || !z.on}
                    onChange={(e) => setZone(zone, { [key]: e.target.value })}
                    error={Boolean(error)}
                    helperText={error}
                    slotProps={{ input: adornment, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength } }}
                  />
                );
              })}
            </Box>
          );
        })}
      </Box>
      <FormControlLabel
        sx={{ mt: 1.5, alignItems: 'flex-start' }}
        control={
          <Checkbox
            name="delivery.payOnDelivery"
            checked={value.payOnDelivery}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, payOnDelivery: e.target.checked }, ['delivery.payOnDelivery'])}
            slotProps={{ input: { 'aria-describedby': 'pay-on-delivery-hint' } }}
            sx={{ mt: -0.75 }}
          />
        }
        label={
          <span>
            Pay on delivery
            <Typography id="pay-on-delivery-hint" component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              The buyer pays cash to your rider; Kasuwa takes its commission from your balance. Buyers are offered it once pay on delivery
              opens at checkout.
            </Typography>
          </span>
        }
      />
      {errors['delivery.payOnDelivery'] && <FormHelperText error>{errors['delivery.payOnDelivery']}</FormHelperText>}
      {general && (
        <FormHelperText id="delivery-error" sx={{ mx: 0 }}>
          {general}
        </FormHelperText>
      )}
    </FormControl>
  );
}
