import {
  citiesOf,
  PRODUCT_CONDITION_LABELS,
  PRODUCT_CONDITIONS,
  type Lga,
  type ListingDelivery,
  type NigerianState,
  type ProductCondition,
  type ProductImage,
} from '@kasuwa/contracts';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { existingPhoto, ImageUploader, releasePreviews, type PhotoItem } from './ImageUploader';
import { ProductDeliveryFields } from './ProductDeliveryFields';
import {
  deliveryFormValues,
  EMPTY_PRODUCT_VALUES,
  PRODUCT_FIELD_ORDER,
  priceRequest,
  validateProduct,
  type ProductFieldErrors,
  type ProductFieldName,
  type ProductFormValues,
} from './productFormRules';
import { ProductPlaceFields, RetryButton } from './ProductPlaceFields';
import { SelectField } from './SelectField';
import { categoryTree, type TreeRow } from './useCategoryTree';

/** What the form hands its app to send: the values, the photos in display order, and the upload's controls. */
export interface ProductFormSubmission {
  values: ProductFormValues;
  photos: readonly PhotoItem[];
  /** Upload progress in percent, when the app's HTTP client reports it. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/** Why sending failed: the text for the form's alert and the fields the server named. */
export interface ProductFormFailure {
  message: string;
  fieldErrors?: ProductFieldErrors;
}

/**
 * How the commission agreement (the product screens: the first commission's note) is taken: `ask` — the seller ticks it before
 * posting; `given` — an edit, agreed when posted; `recorded` — an admin posts for a seller, and submitting records it.
 */
export type CommissionAgreement = 'ask' | 'given' | 'recorded';

export interface ProductFormProps {
  editing: boolean;
  initialValues?: ProductFormValues;
  initialPhotos?: readonly ProductImage[];
  /** Shown under the title (a hint, the seller's name). */
  intro?: ReactNode;
  /** An old listing's free-text place that named no place on the list. */
  oldPlace?: string | null;
  /** Categories to choose from (shown as a tree); null while loading. */
  categories: readonly TreeRow[] | null;
  /** The server's message or 'Failed to load categories.' (the product error texts): replaces the select. */
  categoriesError: string | null;
  onRetryCategories: () => void;
  states: readonly NigerianState[] | null;
  statesFailed: boolean;
  onRetryStates: () => void;
  /** Loads a state's LGAs (`GET /api/locations/{stateId}/lgas`); without it the form has no LGA select. */
  loadLgas?: (stateId: number, signal: AbortSignal) => Promise<readonly Lga[]>;
  /** A new listing's delivery options once known (the seller's latest listing's): applied unless the seller changed the section. */
  deliveryDefaults?: ListingDelivery | null;
  /** The first commission's note; undefined while loading, null when there is none. */
  commissionNote: string | null | undefined;
  agreement: CommissionAgreement;
  /** New photos may go between kept ones (the app reorders after saving). */
  mixedOrder?: boolean;
  /** A field above the photos (the back office's seller), given its error. */
  before?: (error: string | undefined) => ReactNode;
  /** Shown under the price as it is typed (the storefront's fair-price hint), given the chosen category, state and price. */
  priceHint?: (v: { categoryId: string; stateId: string; stateName: string | undefined; price: string }) => ReactNode;
  /** Checks of the fields `before` adds. */
  extraChecks?: () => ProductFieldErrors;
  /** Fields that follow the chosen category (its attributes: make, year…), given the category id ('' for none). */
  afterCategory?: (categoryId: string) => ReactNode;
  /** Sends the listing; resolves null once saved (the app then moves on), or the failure to show. */
  onSubmit: (submission: ProductFormSubmission) => Promise<ProductFormFailure | null>;
  onCancel: () => void;
}

const TITLE_ID = 'product-form-title';
type TextFieldName = Exclude<keyof ProductFormValues, 'delivery'>;

/**
 * The product form (the product screens and the product validation rules), the same in the storefront (/sell, /create-product, /products/:id/edit) and the back
 * office (/app.admin/sell[/:id]): title 'Post Product' or 'Update Product', photos, item name, place, price, quantity,
 * condition, category, description and the commission agreement. It checks what the API would refuse before
 * uploading anything, focuses the first field in error, and shows the server's answer field by field. Loading the
 * lists and sending are the app's (each has its own HTTP client and navigation).
 */
export function ProductForm(props: ProductFormProps) {
  const { editing, categories, categoriesError, commissionNote, agreement, before } = props;
  const [values, setValues] = useState<ProductFormValues>(props.initialValues ?? EMPTY_PRODUCT_VALUES);
  const [photos, setPhotos] = useState<PhotoItem[]>(() => (props.initialPhotos ?? []).map(existingPhoto));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useRef<AbortController | null>(null);
  const shown = useRef(photos);
  shown.current = photos;
  const title = editing ? 'Update Product' : 'Post Product';
  const deliveryTouched = useRef(false);
  const [lgas, setLgas] = useState<readonly Lga[] | null>(null);
  const { loadLgas, deliveryDefaults } = props;

  // A new listing starts from the seller's latest terms when they arrive (the rows are drawn the same either way).
  useEffect(() => {
    if (deliveryDefaults && !deliveryTouched.current) setValues((v) => ({ ...v, delivery: deliveryFormValues(deliveryDefaults) }));
  }, [deliveryDefaults]);

  // The chosen state's LGAs for the optional LGA select.
  useEffect(() => {
    if (!loadLgas) return;
    setLgas(null);
    if (!values.stateId) return void setLgas([]);
    const controller = new AbortController();
    loadLgas(Number(values.stateId), controller.signal)
      .then((list) => !controller.signal.aborted && setLgas(list))
      .catch(() => !controller.signal.aborted && setLgas([]));
    return () => controller.abort();
  }, [loadLgas, values.stateId]);

  // Stop an upload and free the in-memory previews when the page goes away.
  useEffect(
    () => () => {
      upload.current?.abort();
      releasePreviews(shown.current);
    },
    [],
  );

  const clear = (...names: ProductFieldName[]) => {
    if (names.some((n) => errors[n])) setErrors((er) => ({ ...er, ...Object.fromEntries(names.map((n) => [n, undefined])) }));
  };
  const set = (key: TextFieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    clear(key);
  };
  /** A text field's value, change handler and error (or hint) under its form name. */
  const bind = (key: TextFieldName, hint?: string) => ({
    name: key,
    value: values[key],
    onChange: set(key),
    error: Boolean(errors[key]),
    helperText: errors[key] ?? hint,
  });
  const focus = (selector: string) =>
    window.requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(selector);
      el?.focus();
      el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const errs = { ...props.extraChecks?.(), ...validateProduct(values, agreement !== 'ask' || agreed) };
    setErrors(errs);
    setSubmitError(null);
    const first = PRODUCT_FIELD_ORDER.find((f) => errs[f]);
    // "No way to deliver" belongs to the whole section: its first box takes the focus.
    if (first) return void focus(`[name="${first === 'delivery' ? 'delivery.pickup' : first}"]`);
    const controller = new AbortController();
    upload.current = controller;
    setBusy(true);
    // The price goes as the API stores it ("₦45,000" → "45000.00"): the app's request code stays out of the reading.
    const sent = { ...values, productPrice: priceRequest(values.productPrice) };
    const failure = await props
      .onSubmit({ values: sent, photos, onProgress: setProgress, signal: controller.signal })
      .catch((err: unknown): ProductFormFailure => ({ message: err instanceof Error ? err.message : '' }));
    if (controller.signal.aborted) return;
    setBusy(false);
    setProgress(null);
    if (!failure) return;
    setErrors(failure.fieldErrors ?? {});
    setSubmitError(failure.message || 'Failed to submit product');
    focus('[data-submit-error]');
  };

  const options = categories ? categoryTree(categories) : [];
  const stateName = props.states?.find((st) => String(st.id) === values.stateId)?.name;
  const cityName = citiesOf(props.states, values.stateId).find((c) => String(c.id) === values.cityId)?.name;
  const area = stateName ? [cityName, stateName].filter(Boolean).join(', ') : null;

  return (
    <>
      <Typography id={TITLE_ID} variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 0.5 }}>
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary', mb: 3 }}>{props.intro}</Box>
      <Box component="form" ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={TITLE_ID}>
        <Stack spacing={2.5}>
          {submitError && (
            <Alert severity="error" data-submit-error tabIndex={-1} sx={{ whiteSpace: 'pre-line' }}>
              <AlertTitle>Failed to submit product</AlertTitle>
              {submitError}
            </Alert>
          )}
          {before?.(errors.userID)}
          <FormControl component="fieldset" error={Boolean(errors.productImages)} sx={{ display: 'block' }}>
            <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600 }}>
              Photos
            </FormLabel>
            <ImageUploader items={photos} onChange={setPhotos} disabled={busy} error={errors.productImages} mixedOrder={props.mixedOrder} />
          </FormControl>
          <TextField label="Item Name" required {...bind('productName')} slotProps={{ htmlInput: { maxLength: 120 } }} />
          <ProductPlaceFields
            states={props.states}
            failed={props.statesFailed}
            onRetry={props.onRetryStates}
            stateId={values.stateId}
            cityId={values.cityId}
            lgaId={values.lgaId}
            lgas={loadLgas ? lgas : undefined}
            onChange={(place) => {
              setValues((v) => ({ ...v, ...place }));
              clear('stateId', 'cityId', 'lgaId');
            }}
            stateError={errors.stateId}
            cityError={errors.cityId}
            lgaError={errors.lgaId}
            oldPlace={props.oldPlace}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Price"
              required
              {...bind('productPrice', 'In naira, e.g. 45,000 or 45k')}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              }}
            />
            <TextField
              label="Quantity"
              type="number"
              {...bind('productQuantity', editing ? '0 marks the listing sold out' : 'How many you have for sale')}
              slotProps={{ htmlInput: { min: editing ? 0 : 1, step: 1, inputMode: 'numeric' } }}
            />
          </Stack>
          {props.priceHint?.({
            categoryId: String(values.productCategoryID ?? ''),
            stateId: String(values.stateId ?? ''),
            stateName,
            price: String(values.productPrice ?? ''),
          })}
          <FormControl error={Boolean(errors.productCondition)} required>
            <FormLabel id="condition-label">Condition</FormLabel>
            <RadioGroup
              row
              aria-labelledby="condition-label"
              name="productCondition"
              value={values.productCondition}
              onChange={(e) => setValues((v) => ({ ...v, productCondition: e.target.value as ProductCondition }))}
            >
              {PRODUCT_CONDITIONS.map((c) => (
                <FormControlLabel key={c} value={c} control={<Radio />} label={PRODUCT_CONDITION_LABELS[c]} />
              ))}
            </RadioGroup>
            {errors.productCondition && <FormHelperText>{errors.productCondition}</FormHelperText>}
          </FormControl>
          {categoriesError !== null ? (
            <Alert severity="error" action={<RetryButton onClick={props.onRetryCategories} />}>
              {categoriesError || 'Failed to load categories.'}
            </Alert>
          ) : !categories ? (
            <Skeleton variant="rounded" height={56} role="progressbar" aria-label="Loading categories" />
          ) : (
            <SelectField
              label="Category"
              {...bind('productCategoryID')}
              options={options.map(({ category, depth }) => ({
                value: String(category.id),
                label: `${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${depth ? '– ' : ''}${category.categoryName}`,
              }))}
            >
              <option value="">No category</option>
            </SelectField>
          )}
          {props.afterCategory?.(values.productCategoryID)}
          <TextField
            label="Description"
            multiline
            minRows={4}
            {...bind('productDescription', 'Condition, size, what is included, how to collect')}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <ProductDeliveryFields
            value={values.delivery}
            area={area}
            errors={errors}
            disabled={busy}
            onChange={(delivery, touched) => {
              deliveryTouched.current = true;
              setValues((v) => ({ ...v, delivery }));
              clear(...touched);
            }}
          />
          {agreement === 'given' ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="commission-agreed">
              You agreed to the platform commission when you posted this listing.
            </Typography>
          ) : (
            <FormControl error={Boolean(errors.platformCommissionAgreement)}>
              <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
                <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
                  Platform commission
                </Typography>
                {commissionNote === undefined ? (
                  <Skeleton width="90%" />
                ) : (
                  <Typography id="commission-note" variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
                    {commissionNote ?? 'Kasuwa keeps a commission on each completed sale, deducted before the payout to your bank account.'}
                  </Typography>
                )}
                {agreement === 'recorded' ? (
                  <Typography variant="body2">Submitting records the seller&apos;s agreement to this note.</Typography>
                ) : (
                  <FormControlLabel
                    control={
                      <Checkbox
                        name="platformCommissionAgreement"
                        checked={agreed}
                        onChange={(e) => {
                          setAgreed(e.target.checked);
                          clear('platformCommissionAgreement');
                        }}
                        slotProps={{ input: { 'aria-describedby': 'commission-note' } }}
                      />
                    }
                    label="I agree to the commission terms above"
                  />
                )}
                {errors.platformCommissionAgreement && <FormHelperText sx={{ mx: 0 }}>{errors.platformCommissionAgreement}</FormHelperText>}
              </Paper>
            </FormControl>
          )}
          {busy && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {progress !== null && progress < 100 ? `Uploading… ${progress}%` : 'Saving your listing…'}
              </Typography>
              {progress !== null && progress < 100 ? (
                <LinearProgress variant="determinate" value={progress} aria-label={`Upload progress ${progress}%`} />
              ) : (
                <LinearProgress aria-label="Saving" />
              )}
            </Box>
          )}
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={props.onCancel} color="inherit" disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" size="large" loading={busy} loadingPosition="start" startIcon={<CloudUploadIcon />}>
              {title}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </>
  );
}
