import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Create, Edit, useEditContext, useGetList, useNotify, useRefresh, useSaveContext } from 'react-admin';
import { Alert, AlertTitle, Box, Button, CardContent, CircularProgress, Link } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import type { AdminUserRow, Commission, Lga, LgaList, LocationList, Product } from '@kasuwa/contracts';
import { fieldErrorList, fieldErrorText } from '@kasuwa/ui/errorText';
import { ProductForm, type ProductFormFailure, type ProductFormSubmission } from '@kasuwa/ui/ProductForm';
import { productFieldErrors, productFieldLabels, productFormValues } from '@kasuwa/ui/productFormRules';
import { errorMessage } from '../../common/errors';
import { useAdminApi } from '../../common/useAdminApi';
import { useAllCategories } from '../../common/useCategories';
import type { ProductSaveData } from '../../providers/productUploads';
import { userPath } from '../users/paths';
import { productPath, productsPath } from './paths';
import { SellerInput } from './SellerInput';

/** The fixed list of states and cities (GET /api/locations): it changes only with a release. */
function usePlaces() {
  const api = useAdminApi();
  return useQuery({
    queryKey: ['locations'],
    queryFn: async () => (await api<LocationList>('GET', '/locations')).data,
    staleTime: Infinity,
  });
}

/** The product screens: the form shows the first commission's note as the agreement the listing is posted under. */
function useCommissionNote(): string | null | undefined {
  const { data, isPending } = useGetList<Commission>('commissions', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'ASC' },
  });
  return isPending ? undefined : (data?.[0]?.note ?? null);
}

/** An HttpError (react-admin) as the form's alert text (a 422's fields under the form's labels) and field errors. */
function failureOf(error: unknown): ProductFormFailure {
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  const fields = fieldErrorList(body);
  return {
    message: fields ? fieldErrorText(fields, productFieldLabels()) : errorMessage(error, 'Failed to submit product'),
    fieldErrors: productFieldErrors(fields),
  };
}

/**
 * The shared product form inside react-admin's <Create>/<Edit>: they load the listing and save through the data
 * provider, which sends the photos as multipart (providers/productUploads.ts).
 */
function AdminProductForm({ product }: { product?: Product }) {
  const editing = product !== undefined;
  const { save } = useSaveContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const categories = useAllCategories();
  const places = usePlaces();
  const commissionNote = useCommissionNote();
  const [seller, setSeller] = useState<AdminUserRow | null>(null);
  const api = useAdminApi();
  const loadLgas = useCallback(
    async (stateId: number): Promise<Lga[]> => (await api<LgaList>('GET', `/locations/${stateId}/lgas`)).data,
    [api],
  );

  const back = () => {
    // react-router numbers its history entries: go back only when there is an in-app page to go to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(product ? productPath(product.id) : productsPath());
  };

  const send = async ({ values, photos }: ProductFormSubmission): Promise<ProductFormFailure | null> => {
    let failure: ProductFormFailure | null = null;
    const data: ProductSaveData = { values, photos, userID: editing ? undefined : seller?.id };
    await save?.(data as never, {
      onSuccess: (saved: Product) => {
        notify(editing ? 'Product updated successfully' : 'Product posted successfully', { type: 'success' });
        refresh();
        void navigate(productPath(saved.id), { state: { _scrollToTop: true } });
      },
      onError: (error: unknown) => {
        failure = failureOf(error);
      },
    });
    return failure;
  };

  let intro: ReactNode = null;
  if (product) {
    intro = (
      <>
        Seller:{' '}
        <Link component={RouterLink} to={userPath(product.userID)}>
          {product.user?.fullName || `User #${product.userID}`}
        </Link>
      </>
    );
  }

  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Button startIcon={<ArrowBackIcon />} onClick={back} size="small" sx={{ mb: 1 }}>
        Back
      </Button>
      <ProductForm
        editing={editing}
        initialValues={product && productFormValues(product)}
        initialPhotos={product?.productImages}
        oldPlace={product && !product.cityId ? product.productLocation : null}
        intro={intro}
        categories={categories.isPending ? null : categories.data}
        categoriesError={categories.error ? errorMessage(categories.error, 'Failed to load categories.') : null}
        onRetryCategories={() => void categories.refetch()}
        states={places.data ?? null}
        statesFailed={Boolean(places.error)}
        onRetryStates={() => void places.refetch()}
        loadLgas={loadLgas}
        commissionNote={commissionNote}
        agreement="recorded"
        mixedOrder
        before={editing ? undefined : (error) => <SellerInput value={seller} onChange={setSeller} error={error} />}
        extraChecks={() => (editing || seller ? {} : { userID: 'Choose the seller this listing belongs to' })}
        onSubmit={send}
        onCancel={back}
      />
    </CardContent>
  );
}

function FetchError() {
  const { error } = useEditContext();
  return (
    <Alert severity="error">
      <AlertTitle>Failed to fetch product details</AlertTitle>
      {errorMessage(error, '')}
    </Alert>
  );
}

const frame = { maxWidth: 760, mt: { xs: 1, sm: 2 } };

/** /app.admin/sell (post an item for a seller) and /app.admin/sell/:id (edit): the same product form. */
export default function ProductFormPage() {
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Create resource="products" title="Post Product" actions={false} mutationMode="pessimistic" sx={frame}>
        <AdminProductForm />
      </Create>
    );
  }
  if (!/^\d+$/.test(id)) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        <AlertTitle>Failed to fetch product details</AlertTitle>
        Product not found.
      </Alert>
    );
  }
  return (
    <Edit<Product>
      resource="products"
      id={Number(id)}
      title="Update Product"
      actions={false}
      mutationMode="pessimistic"
      redirectOnError={false}
      queryOptions={{ onError: () => undefined }}
      error={<FetchError />}
      sx={frame}
      render={({ record }) =>
        record ? (
          // key: a different listing gets a fresh form (photos and values).
          <AdminProductForm key={record.id} product={record} />
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <CircularProgress aria-label="Loading the product" />
          </Box>
        )
      }
    />
  );
}
