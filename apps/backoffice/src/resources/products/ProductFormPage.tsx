import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Form,
  HttpError,
  NumberInput,
  SelectInput,
  TextInput,
  Title,
  maxLength,
  minValue,
  required,
  useGetList,
  useGetOne,
  useNotify,
  useRefresh,
  type Validator,
} from 'react-admin';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { conditionToType, PRODUCT_CONDITION_LABELS, PRODUCT_CONDITIONS, type Commission, type Product, type ProductCondition } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useCategoryChoices } from '../../common/useCategories';
import { useAdminApi } from '../../common/useAdminApi';
import { userPath } from '../users/paths';
import { ImageUploader, existingPhoto, releasePreviews, type PhotoItem } from '@kasuwa/ui/ImageUploader';
import { productPath, productsPath } from './paths';
import { PlaceInputs } from './PlaceInputs';
import { SellerInput } from './SellerInput';

/** Naira with at most 2 decimals, up to ₦1,000,000,000 — the API's rule, checked here first. */
const PRICE = /^(?:0|[1-9]\d{0,9})(?:\.\d{1,2})?$/;
const price: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const text = String(value).trim();
  return PRICE.test(text) && Number(text) <= 1_000_000_000
    ? undefined
    : 'Enter a price in naira (0 to 1,000,000,000, at most 2 decimals)';
};
const wholeNumber: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'Quantity must be a whole number';

const conditionChoices = PRODUCT_CONDITIONS.map((id) => ({ id, name: PRODUCT_CONDITION_LABELS[id] }));

interface FormValues {
  productName: string;
  stateId: number | string | null;
  cityId: number | string | null;
  productPrice: string | number;
  productQuantity: number | string | null;
  productCondition: ProductCondition;
  productCategoryID: number | string | null;
  productDescription: string | null;
  userID?: number;
}

interface ProductAnswer {
  success: boolean;
  message?: string;
  data: Product;
}

/** Form field names the API may name in a 422, so those inputs are highlighted too. */
const FIELDS = [
  'productName',
  'stateId',
  'cityId',
  'productPrice',
  'productQuantity',
  'productCondition',
  'productCategoryID',
  'productDescription',
  'userID',
];

function fieldErrorsOf(error: unknown): { fields: Record<string, string>; images: string } {
  const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> })?.errors : undefined;
  const fields: Record<string, string> = {};
  let images = '';
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (typeof message !== 'string') continue;
    // The place is picked as state and city; a complaint about the one-line place belongs to the state.
    if (field === 'productLocation') fields.stateId = message;
    else if (FIELDS.includes(field)) fields[field] = message;
    if (field === 'productImages' || field === 'keepImages') images = message;
  }
  return { fields, images };
}

/** A new photo placed before a kept one cannot be expressed in one edit call (the API appends new ones). */
const needsSecondPass = (items: readonly PhotoItem[]) => {
  let seenNew = false;
  for (const item of items) {
    if (item.kind === 'new') seenNew = true;
    else if (seenNew) return true;
  }
  return false;
};

function CategorySelect() {
  const { choices, isPending, error, refetch } = useCategoryChoices();
  if (error) {
    // Spec §8: the server message or 'Failed to load categories.' replaces the dropdown.
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load categories.')}
      </Alert>
    );
  }
  return (
    <SelectInput
      source="productCategoryID"
      label="Category"
      choices={choices}
      isPending={isPending}
      emptyText="No category"
      fullWidth
    />
  );
}

/** Spec §2: the form shows the first commission's note as the agreement the listing is posted under. */
function CommissionNote() {
  const { data, isPending, error } = useGetList<Commission>('commissions', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  const note = data?.[0]?.note;
  if (isPending || error || !note) return null;
  return (
    <Alert severity="info" sx={{ whiteSpace: 'pre-line' }}>
      <AlertTitle>Platform commission</AlertTitle>
      {note}
      <Box sx={{ mt: 1 }}>Submitting records the seller&apos;s agreement to this note.</Box>
    </Alert>
  );
}

function ProductForm({ product }: { product?: Product }) {
  const editing = product !== undefined;
  const heading = editing ? 'Update Product' : 'Post Product';
  const api = useAdminApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [items, setItems] = useState<PhotoItem[]>(() => (product?.productImages ?? []).map(existingPhoto));
  const [submitError, setSubmitError] = useState('');
  const [imageError, setImageError] = useState('');
  const [saving, setSaving] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  // Free the previews of files that were picked but never saved.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => () => releasePreviews(itemsRef.current), []);

  useEffect(() => {
    if (submitError) errorRef.current?.focus();
  }, [submitError]);

  const back = () => {
    // react-router numbers its history entries: go back only when there is an in-app page to go to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(product ? productPath(product.id) : productsPath());
  };

  const onSubmit = async (raw: Record<string, unknown>) => {
    const values = raw as unknown as FormValues;
    setSubmitError('');
    setImageError('');
    setSaving(true);
    const body = new FormData();
    body.append('productName', String(values.productName ?? '').trim());
    if (values.stateId) body.append('stateId', String(values.stateId));
    if (values.cityId) body.append('cityId', String(values.cityId));
    body.append('productPrice', String(values.productPrice ?? '').trim());
    body.append('productDescription', String(values.productDescription ?? '').trim());
    const condition = values.productCondition || 'brand_new';
    body.append('productCondition', condition);
    body.append('productType', conditionToType(condition));
    body.append('productQuantity', String(values.productQuantity ?? 1));
    const category = values.productCategoryID ? String(values.productCategoryID) : '';
    // The multipart endpoints read an empty category as 0 ("Category does not exist"): leave it out,
    // and clear a removed category afterwards through the admin JSON update, which takes null.
    if (category) body.append('productCategoryID', category);
    const clearCategory = editing && !category && product.productCategoryID !== null;
    body.append('productCurrency', 'NGN');
    body.append('platformCommissionAgreement', 'agreed');
    if (!editing && values.userID !== undefined) body.append('userID', String(values.userID));
    const kept = items.flatMap((i) => (i.kind === 'existing' ? [i.image.imageUrl] : []));
    if (editing) body.append('keepImages', JSON.stringify(kept));
    for (const item of items) if (item.kind === 'new') body.append('productImages', item.file, item.file.name);

    try {
      const answer = await api<ProductAnswer>(editing ? 'PUT' : 'POST', editing ? `/products/edit/${product.id}` : '/products', body);
      let saved = answer.data;
      if (editing && needsSecondPass(items)) {
        // The new photos were appended after the kept ones; now put every photo where the admin placed it.
        const added = saved.productImages.slice(kept.length).map((i) => i.imageUrl);
        let next = 0;
        const order = items.map((i) => (i.kind === 'existing' ? i.image.imageUrl : added[next++]));
        const reorder = new FormData();
        reorder.append('keepImages', JSON.stringify(order.filter(Boolean)));
        saved = (await api<ProductAnswer>('PUT', `/products/edit/${product.id}`, reorder)).data;
      }
      if (clearCategory) {
        saved = await api<Product>('PUT', `/admin/products/${product.id}`, { productCategoryID: null });
      }
      releasePreviews(items);
      setItems([]); // nothing left to free on unmount
      notify(answer.message || (editing ? 'Product updated successfully' : 'Product posted successfully'), {
        type: 'success',
      });
      refresh();
      navigate(productPath(saved.id), { state: { _scrollToTop: true } });
      return undefined;
    } catch (error) {
      // Spec §8: an alert with the message or 'Failed to submit product'.
      setSubmitError(errorMessage(error, 'Failed to submit product'));
      const { fields, images } = fieldErrorsOf(error);
      setImageError(images);
      return Object.keys(fields).length ? fields : undefined;
    } finally {
      setSaving(false);
    }
  };

  const defaults = product
    ? {
        productName: product.productName,
        stateId: product.stateId,
        cityId: product.cityId,
        productPrice: product.productPrice,
        productQuantity: product.productQuantity,
        productCondition: product.productCondition,
        productCategoryID: product.productCategoryID,
        productDescription: product.productDescription,
      }
    : { productCondition: 'brand_new', productQuantity: 1, productCategoryID: null, productDescription: '' };

  return (
    <Card sx={{ mt: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      <Title title={heading} />
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={back} size="small">
            Back
          </Button>
          <Typography variant="h5" component="h1">
            {heading}
          </Typography>
        </Stack>
        {product && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Seller:{' '}
            <Link component={RouterLink} to={userPath(product.userID)}>
              {product.user?.fullName || `User #${product.userID}`}
            </Link>
          </Typography>
        )}
        <Form defaultValues={defaults} onSubmit={onSubmit} noValidate>
          <Stack spacing={2}>
            {!editing && <SellerInput />}
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Photos
            </Typography>
            <ImageUploader items={items} onChange={setItems} disabled={saving} error={imageError} mixedOrder />
            <Grid container columnSpacing={2}>
              <Grid size={12}>
                <TextInput
                  source="productName"
                  label="Item Name"
                  validate={[required(), maxLength(120)]}
                  fullWidth
                />
              </Grid>
              <PlaceInputs oldText={product && !product.cityId ? product.productLocation : null} />
              <Grid size={{ xs: 12, sm: 6 }}>
                <NumberInput
                  source="productPrice"
                  label="Price (₦)"
                  validate={[required(), price]}
                  min={0}
                  step={0.01}
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <NumberInput
                  source="productQuantity"
                  label="Quantity"
                  validate={[required(), wholeNumber, minValue(0)]}
                  min={0}
                  step={1}
                  helperText="0 marks the listing sold out"
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                  source="productCondition"
                  label="Condition"
                  choices={conditionChoices}
                  validate={required()}
                  fullWidth
                />
              </Grid>
              <Grid size={12}>
                <CategorySelect />
              </Grid>
              <Grid size={12}>
                <TextInput
                  source="productDescription"
                  label="Description"
                  validate={maxLength(5000)}
                  multiline
                  minRows={4}
                  fullWidth
                />
              </Grid>
            </Grid>
            <CommissionNote />
            {submitError && (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} ref={errorRef} tabIndex={-1}>
                {submitError}
              </Alert>
            )}
            {saving && (
              <Box>
                <LinearProgress aria-label={items.some((i) => i.kind === 'new') ? 'Uploading photos' : 'Saving'} />
              </Box>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={back} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={saving}>
                {heading}
              </Button>
            </Stack>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Loads the listing for /app.admin/sell/:id. */
function EditProduct({ id }: { id: number }) {
  const { data, isPending, error } = useGetOne<Product>('products', { id }, { enabled: Number.isInteger(id) });
  if (isPending && Number.isInteger(id)) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label="Loading the product" />
      </Box>
    );
  }
  if (error || !data) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        <AlertTitle>Failed to fetch product details</AlertTitle>
        {errorMessage(error, Number.isInteger(id) ? '' : 'Product not found.')}
      </Alert>
    );
  }
  // key: a different listing gets a fresh form (photos and defaults).
  return <ProductForm key={data.id} product={data} />;
}

/** /app.admin/sell (post an item for a seller) and /app.admin/sell/:id (edit): the same product form. */
export default function ProductFormPage() {
  const { id } = useParams();
  return id ? <EditProduct id={Number(id)} /> : <ProductForm />;
}
