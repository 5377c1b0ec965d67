import type { AttributeDefinition, ListingDelivery, Product } from '@kasuwa/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ProductForm, type ProductFormFailure, type ProductFormSubmission } from '@kasuwa/ui/ProductForm';
import { productFieldErrors, productFormValues } from '@kasuwa/ui/productFormRules';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/toast';
import { useSession } from '../auth/useSession';
import { PageLoader } from '../layout/PageLoader';
import { useCategories } from './useCategories';
import { useLocations } from './useLocations';

/** The chosen category's attributes: their own chunk, loaded once the form shows. */
const AttributeFields = lazy(() => import('./AttributeFields'));

/** The form's attribute values as the API takes them: empty ones left out (numbers stay as typed: the server reads "85,000"). */
function attributeRequest(defs: readonly AttributeDefinition[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defs) if (values[d.key]?.trim()) out[d.key] = values[d.key].trim();
  return out;
}

// The fair-price hint under the price (rule "comparable listings"), in the similar-listings chunk.
const SellPriceHint = lazy(() => import('./SimilarListings').then((m) => ({ default: m.SellPriceHint })));

function goBack(navigate: ReturnType<typeof useNavigate>) {
  // A deep link has no in-app history to return to.
  if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
  else void navigate('/');
}

type LoadState = { status: 'loading' } | { status: 'ready'; product?: Product } | { status: 'failed'; message: string };

/** The first commission's note (the product screens); undefined while loading, null when there is none or it failed. */
function useCommissionNote(): string | null | undefined {
  const { data, query } = useApiQuery(queryKeys.commissions(), async (signal) => {
    const list = await catalogApi.commissions(signal);
    return Array.isArray(list) && list[0] ? list[0] : null;
  });
  if (query.isError) return null;
  return data === undefined ? undefined : (data?.note ?? null);
}

/** A new listing's delivery options: the seller's latest listing's (null until known, or when it failed: the form keeps the product's). */
function useDeliveryDefaults(wanted: boolean): ListingDelivery | null {
  const { data } = useApiQuery(queryKeys.deliveryDefaults(), async (signal) => (await catalogApi.deliveryDefaults(signal)).data, {
    enabled: wanted,
  });
  return data ?? null;
}

/** The product error texts for a listing that could not be opened for editing. */
function listingFailure(err: unknown): string {
  if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return 'Product not found.';
  return err instanceof ApiError ? err.message : 'Failed to fetch product details.';
}

/** The seller's own listing for /products/:id/edit (anyone else's is refused before the form shows). */
function useOwnListing(id: string | undefined): LoadState {
  const session = useSession();
  const userId = session?.user.userId;
  const read = useApiQuery(queryKeys.ownListing(id ?? ''), async (signal) => (await catalogApi.product(Number(id), signal)).data, {
    enabled: id !== undefined,
    failedText: listingFailure,
  });
  const product = read.data;
  const error = read.error;
  return useMemo<LoadState>(() => {
    if (id === undefined) return { status: 'ready' };
    if (error) return { status: 'failed', message: error };
    if (!product) return { status: 'loading' };
    const foreign = userId && product.userID !== userId;
    return foreign ? { status: 'failed', message: 'You can only edit your own listings.' } : { status: 'ready', product };
  }, [id, error, product, userId]);
}

/** The product form (the product screens and the product validation rules) on /sell and /create-product ('Post Product') and /products/:id/edit ('Update Product'). */
export default function ProductFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const { categories, error: categoriesError, retry: retryCategories } = useCategories();
  const places = useLocations();
  const commissionNote = useCommissionNote();
  const load = useOwnListing(id);
  const deliveryDefaults = useDeliveryDefaults(!editing);
  const [attrValues, setAttrValues] = useState<Record<string, string>>({});
  const [attrErrors, setAttrErrors] = useState<Record<string, string>>({});
  const attrDefs = useRef<AttributeDefinition[]>([]);
  // An edited listing's values fill the fields.
  useEffect(() => {
    if (load.status === 'ready' && load.product)
      setAttrValues(Object.fromEntries(Object.entries(load.product.attributes ?? {}).map(([k, v]) => [k, String(v)])));
  }, [load]);

  const send = async ({ values, photos, onProgress, signal }: ProductFormSubmission): Promise<ProductFormFailure | null> => {
    onProgress(0);
    const submission = {
      fields: values,
      files: photos.flatMap((p) => (p.kind === 'new' ? [p.file] : [])),
      keepImages: editing ? photos.flatMap((p) => (p.kind === 'existing' ? [p.image.imageUrl] : [])) : undefined,
      // With a category that has attributes, the form's values are the listing's (the server checks them).
      attributes: attrDefs.current.length ? attributeRequest(attrDefs.current, attrValues) : undefined,
      onProgress,
      signal,
    };
    try {
      const res = editing ? await catalogApi.update(Number(id), submission) : await catalogApi.create(submission);
      toast.success(res.message || (editing ? 'Product updated successfully' : 'Product posted successfully'));
      void navigate('/');
      return null;
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const fieldErrors = productFieldErrors(apiError?.fieldErrors);
      // "attributes.make": shown under its own field, and named in the form's message.
      const attrs = (apiError?.fieldErrors ?? []).filter((e) => e.field.startsWith('attributes'));
      setAttrErrors(Object.fromEntries(attrs.map((e) => [e.field.slice('attributes.'.length), e.message])));
      if (attrs.length) return { message: attrs.map((e) => e.message).join('. '), fieldErrors };
      if (apiError?.status === 413) fieldErrors.productImages = apiError.message;
      return { message: apiError?.message ?? '', fieldErrors };
    }
  };

  if (load.status === 'loading') return <PageLoader label="Loading the listing" />;
  if (load.status === 'failed') {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {editing ? 'Update Product' : 'Post Product'}
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

  const product = load.product;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => goBack(navigate)} sx={{ mb: 1 }} color="inherit">
        Back
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <ProductForm
          editing={editing}
          initialValues={product && productFormValues(product)}
          initialPhotos={product?.productImages}
          oldPlace={product && !product.cityId ? product.productLocation : null}
          intro={
            editing
              ? 'Change the details buyers see. Photos you remove are deleted when you save.'
              : 'Listing is free. Add clear photos and an honest description.'
          }
          categories={categories}
          categoriesError={categoriesError}
          onRetryCategories={retryCategories}
          states={places.states}
          statesFailed={places.error}
          onRetryStates={places.retry}
          loadLgas={catalogApi.lgas}
          priceHint={(v) => (
            <Suspense fallback={null}>
              <SellPriceHint {...v} />
            </Suspense>
          )}
          deliveryDefaults={deliveryDefaults}
          commissionNote={commissionNote}
          agreement={editing ? 'given' : 'ask'}
          onSubmit={send}
          onCancel={() => goBack(navigate)}
          afterCategory={(categoryId) =>
            categoryId ? (
              <Suspense fallback={null}>
                <AttributeFields
                  categoryId={categoryId}
                  values={attrValues}
                  onChange={setAttrValues}
                  onDefinitions={(d) => (attrDefs.current = d)}
                  errors={attrErrors}
                />
              </Suspense>
            ) : null
          }
        />
      </Paper>
    </Container>
  );
}
