import { PRODUCT_CONDITION_LABELS, PRODUCT_CONDITIONS, type Commission, type ProductCondition } from '@kasuwa/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { catalogApi, type ProductFields } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/toast';
import { useSession } from '../auth/useSession';
import { PageLoader } from '../layout/PageLoader';
import { existingPhoto, ImageUploader, type PhotoItem } from '@kasuwa/ui/ImageUploader';
import { categoryTree, useCategories } from './useCategories';
import { citiesOf, useLocations } from './useLocations';

const EMPTY_FIELDS: ProductFields = {
  productName: '',
  productPrice: '',
  productDescription: '',
  stateId: '',
  cityId: '',
  productCategoryID: '',
  productQuantity: '1',
  productCondition: 'brand_new',
};

type FieldName = keyof ProductFields | 'productImages' | 'platformCommissionAgreement';
type FieldErrors = Partial<Record<FieldName, string>>;

// The server's own rules (it checks again); checking first saves uploading photos for nothing.
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
function validate(fields: ProductFields, agreed: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.productName.trim()) errors.productName = 'Item name is required';
  if (!fields.stateId) errors.stateId = 'Choose a state';
  else if (!fields.cityId) errors.cityId = 'Choose a city or area';
  const price = fields.productPrice.trim();
  if (!PRICE.test(price) || Number(price) > 1_000_000_000) errors.productPrice = 'Enter a price in naira, e.g. 15000 or 15000.50';
  const qty = fields.productQuantity.trim();
  if (qty && (!/^\d+$/.test(qty) || Number(qty) > 100000)) errors.productQuantity = 'Quantity must be a whole number';
  if (!agreed) errors.platformCommissionAgreement = 'Please tick the box to agree before posting';
  return errors;
}

const FIELD_ORDER: FieldName[] = ['productImages', 'productName', 'stateId', 'cityId', 'productPrice', 'productQuantity', 'productCondition', 'productCategoryID', 'productDescription', 'platformCommissionAgreement'];

function goBack(navigate: ReturnType<typeof useNavigate>) {
  // A deep link has no in-app history to return to.
  if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
  else navigate('/');
}

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string; missing?: boolean };

/** The product form (spec §2, §5) on /sell and /create-product ('Post Product') and /products/:id/edit ('Update Product'). */
export default function ProductFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const productId = Number(id);
  const navigate = useNavigate();
  const session = useSession();
  const { categories, error: categoriesError, retry: retryCategories } = useCategories();
  const places = useLocations();
  /** An old listing whose free-text place named no place on the list: shown so its seller can pick one. */
  const [oldPlace, setOldPlace] = useState<string | null>(null);
  const [commission, setCommission] = useState<Commission | null | undefined>(undefined);
  const [load, setLoad] = useState<LoadState>(editing ? { status: 'loading' } : { status: 'ready' });
  const [fields, setFields] = useState<ProductFields>(EMPTY_FIELDS);
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const uploadController = useRef<AbortController | null>(null);
  const previews = useRef<PhotoItem[]>([]);
  const title = editing ? 'Update Product' : 'Post Product';

  useEffect(() => {
    previews.current = photos;
  }, [photos]);
  // Free the in-memory previews and stop an upload when the page goes away.
  useEffect(
    () => () => {
      uploadController.current?.abort();
      for (const p of previews.current) if (p.kind === 'new') URL.revokeObjectURL(p.preview);
    },
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    catalogApi
      .commissions(controller.signal)
      .then((list) => setCommission(Array.isArray(list) && list[0] ? list[0] : null))
      .catch(() => !controller.signal.aborted && setCommission(null));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!editing) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    catalogApi
      .product(productId, controller.signal)
      .then(({ data: p }) => {
        if (session?.user.userId && p.userID !== session.user.userId) {
          setLoad({ status: 'failed', message: 'You can only edit your own listings.' });
          return;
        }
        setFields({
          productName: p.productName,
          productPrice: p.productPrice,
          productDescription: p.productDescription ?? '',
          stateId: p.stateId ? String(p.stateId) : '',
          cityId: p.cityId ? String(p.cityId) : '',
          productCategoryID: p.productCategoryID ? String(p.productCategoryID) : '',
          productQuantity: String(p.productQuantity),
          productCondition: p.productCondition ?? (p.productType === 'new' ? 'brand_new' : 'nigerian_used'),
        });
        setOldPlace(p.cityId ? null : p.productLocation);
        setPhotos(p.productImages.map(existingPhoto));
        setLoad({ status: 'ready' });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const missing = err instanceof ApiError && (err.status === 404 || err.status === 400);
        setLoad({ status: 'failed', missing, message: missing ? 'Product not found.' : err instanceof ApiError ? err.message : 'Failed to fetch product details.' });
      });
    return () => controller.abort();
  }, [editing, productId, session?.user.userId]);

  const set = (key: keyof ProductFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    if (errors[key]) setErrors((er) => ({ ...er, [key]: undefined }));
  };

  const focusFirstError = (errs: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (!first) return;
    window.requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // A listing being edited was agreed to when it was posted: the agreement is not asked again.
    const errs = validate(fields, editing || agreed);
    setErrors(errs);
    setSubmitError(null);
    if (Object.keys(errs).length) {
      focusFirstError(errs);
      return;
    }
    const controller = new AbortController();
    uploadController.current = controller;
    setBusy(true);
    setProgress(0);
    const submission = {
      fields,
      files: photos.flatMap((p) => (p.kind === 'new' ? [p.file] : [])),
      keepImages: editing ? photos.flatMap((p) => (p.kind === 'existing' ? [p.image.imageUrl] : [])) : undefined,
      onProgress: setProgress,
      signal: controller.signal,
    };
    try {
      const res = editing ? await catalogApi.update(productId, submission) : await catalogApi.create(submission);
      toast.success(res.message || (editing ? 'Product updated successfully' : 'Product posted successfully'));
      navigate('/');
    } catch (err) {
      if (controller.signal.aborted) return;
      const apiError = err instanceof ApiError ? err : null;
      const fieldErrors: FieldErrors = {};
      // The place is picked as state and city; a complaint about the one-line place belongs to the state.
      for (const fe of apiError?.fieldErrors ?? []) fieldErrors[(fe.field === 'productLocation' ? 'stateId' : fe.field) as FieldName] ??= fe.message;
      if (apiError?.status === 413) fieldErrors.productImages = apiError.message;
      setErrors(fieldErrors);
      setSubmitError(apiError?.message || 'Failed to submit product');
      setBusy(false);
      setProgress(null);
      window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-submit-error]')?.focus());
    }
  };

  if (load.status === 'loading') return <PageLoader label="Loading the listing" />;
  if (load.status === 'failed') {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
          {load.message}
        </Alert>
        <Button variant="contained" href="/profile">
          Back to your profile
        </Button>
      </Container>
    );
  }

  const options = categories ? categoryTree(categories) : [];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => goBack(navigate)} sx={{ mb: 1 }} color="inherit">
        Back
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography id="product-form-title" variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 0.5 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {editing ? 'Change the details buyers see. Photos you remove are deleted when you save.' : 'Listing is free. Add clear photos and an honest description.'}
        </Typography>
        <Box component="form" ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="product-form-title">
          <Stack spacing={2.5}>
            {submitError && (
              <Alert severity="error" data-submit-error tabIndex={-1} sx={{ whiteSpace: 'pre-line' }}>
                <AlertTitle>Failed to submit product</AlertTitle>
                {submitError}
              </Alert>
            )}
            <FormControl component="fieldset" error={Boolean(errors.productImages)} sx={{ display: 'block' }}>
              <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600 }}>
                Photos
              </FormLabel>
              <ImageUploader items={photos} onChange={setPhotos} disabled={busy} error={errors.productImages} />
            </FormControl>
            <TextField
              label="Item Name"
              name="productName"
              required
              value={fields.productName}
              onChange={set('productName')}
              error={Boolean(errors.productName)}
              helperText={errors.productName}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label="State"
                name="stateId"
                required
                value={fields.stateId}
                onChange={(e) => {
                  setFields((f) => ({ ...f, stateId: e.target.value, cityId: '' }));
                  setErrors((er) => ({ ...er, stateId: undefined, cityId: undefined }));
                }}
                error={Boolean(errors.stateId)}
                helperText={errors.stateId ?? (oldPlace ? `Was “${oldPlace}”: pick its state and city` : 'So buyers nearby can find it')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{places.states ? 'Choose a state' : 'Loading states…'}</option>
                {!places.states && fields.stateId && <option value={fields.stateId}>…</option>}
                {places.states?.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label="City or area"
                name="cityId"
                required
                disabled={!fields.stateId}
                value={fields.cityId}
                onChange={set('cityId')}
                error={Boolean(errors.cityId)}
                helperText={errors.cityId}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{fields.stateId ? 'Choose a city or area' : 'Choose a state first'}</option>
                {!places.states && fields.cityId && <option value={fields.cityId}>…</option>}
                {citiesOf(places.states, fields.stateId).map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </TextField>
            </Stack>
            {places.error && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={places.retry}>
                    Try again
                  </Button>
                }
              >
                Failed to load the list of states and cities.
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Price"
                name="productPrice"
                required
                value={fields.productPrice}
                onChange={set('productPrice')}
                error={Boolean(errors.productPrice)}
                helperText={errors.productPrice ?? 'In naira (NGN)'}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                }}
              />
              <TextField
                label="Quantity"
                name="productQuantity"
                type="number"
                value={fields.productQuantity}
                onChange={set('productQuantity')}
                error={Boolean(errors.productQuantity)}
                helperText={errors.productQuantity ?? 'How many you have for sale'}
                slotProps={{ htmlInput: { min: editing ? 0 : 1, step: 1, inputMode: 'numeric' } }}
              />
            </Stack>
            <FormControl error={Boolean(errors.productCondition)} required>
              <FormLabel id="condition-label">Condition</FormLabel>
              <RadioGroup
                row
                aria-labelledby="condition-label"
                name="productCondition"
                value={fields.productCondition}
                onChange={(e) => setFields((f) => ({ ...f, productCondition: e.target.value as ProductCondition }))}
              >
                {PRODUCT_CONDITIONS.map((c) => (
                  <FormControlLabel key={c} value={c} control={<Radio />} label={PRODUCT_CONDITION_LABELS[c]} />
                ))}
              </RadioGroup>
              {errors.productCondition && <FormHelperText>{errors.productCondition}</FormHelperText>}
            </FormControl>
            {categoriesError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={retryCategories}>
                    Try again
                  </Button>
                }
              >
                {categoriesError || 'Failed to load categories.'}
              </Alert>
            ) : !categories ? (
              <Skeleton variant="rounded" height={56} aria-label="Loading categories" />
            ) : (
              <TextField
                select
                label="Category"
                name="productCategoryID"
                value={fields.productCategoryID}
                onChange={set('productCategoryID')}
                error={Boolean(errors.productCategoryID)}
                helperText={errors.productCategoryID}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">No category</option>
                {options.map(({ category, depth }) => (
                  <option key={category.id} value={String(category.id)}>
                    {`${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${depth ? '– ' : ''}${category.categoryName}`}
                  </option>
                ))}
              </TextField>
            )}
            <TextField
              label="Description"
              name="productDescription"
              multiline
              minRows={4}
              value={fields.productDescription}
              onChange={set('productDescription')}
              error={Boolean(errors.productDescription)}
              helperText={errors.productDescription ?? 'Condition, size, what is included, how to collect'}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
            {editing ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="commission-agreed">
                You agreed to the platform commission when you posted this listing.
              </Typography>
            ) : (
              <FormControl error={Boolean(errors.platformCommissionAgreement)}>
                <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
                  <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
                    Platform commission
                  </Typography>
                  {commission === undefined ? (
                    <Skeleton width="90%" />
                  ) : (
                    <Typography id="commission-note" variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
                      {commission?.note ?? 'Kasuwa keeps a commission on each completed sale, deducted before the payout to your bank account.'}
                    </Typography>
                  )}
                  <FormControlLabel
                    control={
                      <Checkbox
                        name="platformCommissionAgreement"
                        checked={agreed}
                        onChange={(e) => {
                          setAgreed(e.target.checked);
                          if (errors.platformCommissionAgreement) setErrors((er) => ({ ...er, platformCommissionAgreement: undefined }));
                        }}
                        slotProps={{ input: { 'aria-describedby': 'commission-note' } }}
                      />
                    }
                    label="I agree to the commission terms above"
                  />
                  {errors.platformCommissionAgreement && <FormHelperText sx={{ mx: 0 }}>{errors.platformCommissionAgreement}</FormHelperText>}
                </Paper>
              </FormControl>
            )}
            {progress !== null && (
              <Box role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {progress < 100 ? `Uploading… ${progress}%` : 'Saving your listing…'}
                </Typography>
                <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} aria-label={`Upload progress ${progress}%`} />
              </Box>
            )}
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => goBack(navigate)} color="inherit" disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" size="large" loading={busy} loadingPosition="start" startIcon={<CloudUploadIcon />}>
                {title}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Paper>
    </Container>
  );
}
