import { RecordAuditLog } from '../audit-log/RecordAuditLog';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TopToolbar, useRecordContext } from 'react-admin';
import { Alert, Box, Button, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { formatNaira, PRODUCT_CONDITION_LABELS, type Product, formatStamp } from '@kasuwa/contracts';
import { RecordShow } from '../../common/RecordShow';
import { ShowSection } from '../../common/ShowSection';
import { useCategoryChoices } from '../../common/useCategories';
import { userPath } from '../users/paths';
import { BlockButton } from './BlockButton';
import { DeleteProductButton } from './DeleteProductButton';
import { sellPath, storefrontProductUrl } from './paths';
import { ProductPhotos } from './ProductPhotos';
import { ProductStatusChip } from './ProductStatusChip';
import { CanWrite } from '../../common/CanWrite';

/** A label over a value, in the same look as react-admin's <Labeled>. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography component="div" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

const typeLabel = { new: 'New', used: 'Used' } as const;

function Details() {
  const product = useRecordContext<Product>();
  const { pathOf, isPending } = useCategoryChoices();
  if (!product) return null;
  const category =
    product.productCategoryID === null
      ? 'None'
      : (pathOf.get(product.productCategoryID) ?? (isPending ? '…' : `#${product.productCategoryID}`));
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {product.productName}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="p">
            {formatNaira(product.productPrice)}
          </Typography>
          <ProductStatusChip product={product} />
        </Stack>
        {product.productStatus === 'blocked' && (
          <Alert severity="warning">Blocked. Reason given to the seller: {product.blockReason || 'none recorded'}</Alert>
        )}
      </Stack>

      <ShowSection title="Photos">
        <ProductPhotos product={product} />
      </ShowSection>

      <ShowSection title="Details">
        <Grid container spacing={2}>
          <Item label="Price">{formatNaira(product.productPrice)}</Item>
          <Item label="Quantity">{product.productQuantity}</Item>
          <Item label="Condition">
            {product.productCondition ? PRODUCT_CONDITION_LABELS[product.productCondition] : typeLabel[product.productType]}
          </Item>
          <Item label="Category">{category}</Item>
          <Item label="Location">{product.productLocation}</Item>
          <Item label="Seller">
            <Link component={RouterLink} to={userPath(product.userID)}>
              {product.user?.fullName || `User #${product.userID}`}
            </Link>
          </Item>
          <Item label="Posted">{formatStamp(product.createdAt)}</Item>
          <Item label="Last updated">{formatStamp(product.updatedAt)}</Item>
          <Item label="Listing number">{product.id}</Item>
        </Grid>
      </ShowSection>

      <ShowSection title="Description">
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {product.productDescription || 'No description.'}
        </Typography>
      </ShowSection>
      <RecordAuditLog targetType="products" targetId={product.id} />
    </Box>
  );
}

function Actions() {
  const product = useRecordContext<Product>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {product?.productStatus === 'active' && (
        <Button size="small" href={storefrontProductUrl(product.id)} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
          View on site
        </Button>
      )}
      {product && (
        <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={sellPath(product.id)}>
          Edit
        </Button>
      )}
      <CanWrite>
        <BlockButton />
        <DeleteProductButton redirectToList />
      </CanWrite>
    </TopToolbar>
  );
}

/** /app.admin/products/:id — photos, every field, the seller, and the moderation actions. */
export default function ProductShow() {
  return (
    <RecordShow<Product> kind="Product" name={(p) => p.productName} errorTitle="Failed to fetch product details" actions={<Actions />}>
      <Details />
    </RecordShow>
  );
}
