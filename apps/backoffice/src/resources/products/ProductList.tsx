import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { Button, IconButton, Link, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { PRODUCT_CONDITION_LABELS, PRODUCT_CONDITIONS, PRODUCT_STATUSES, formatNaira, type Product, formatStamp } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { BackOfficeList } from '../../common/BackOfficeList';
import { searchFilter, statusFilter } from '../../common/listFilters';
import { statusLabel } from '../../common/StatusChip';
import { useCategoryChoices } from '../../common/useCategories';
import { userPath } from '../users/paths';
import { DeleteProductButton } from './DeleteProductButton';
import { productPath, sellPath } from './paths';
import { ProductStatusChip } from './ProductStatusChip';
import { Thumbnail } from './Thumbnail';

/** Columns typed with the row, so render functions get a Product. */
const Col = DataTable.Col<Product>;

const empty = <EmptyState text="No products found" hint="Try another search, status or category." />;
const stop = (event: MouseEvent) => event.stopPropagation();

/** All filters go to the server: q (name), status, condition, category (with its sub-categories). */
function useFilters() {
  const { choices, isPending, error } = useCategoryChoices();
  return [
    searchFilter('Search by name', 'Search products by name'),
    statusFilter(PRODUCT_STATUSES),
    <SelectInput
      key="condition"
      source="condition"
      label="Condition"
      choices={PRODUCT_CONDITIONS.map((id) => ({ id, name: PRODUCT_CONDITION_LABELS[id] }))}
      emptyText="Any condition"
    />,
    <SelectInput
      key="category"
      source="category"
      label="Category"
      choices={choices}
      isPending={isPending}
      alwaysOn
      emptyText="All categories"
      helperText={error ? 'Failed to load categories.' : false}
      sx={{ minWidth: 200 }}
    />,
  ];
}

function SellerLink({ product }: { product: Product }) {
  if (!product.user) return null;
  return (
    <Link component={RouterLink} to={userPath(product.userID)} onClick={stop}>
      {product.user.fullName}
    </Link>
  );
}

function RowActions({ product }: { product: Product }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="Edit">
        <IconButton size="small" component={RouterLink} to={sellPath(product.id)} onClick={stop} aria-label={`Edit ${product.productName}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DeleteProductButton compact />
    </Stack>
  );
}

const actions = (
  <TopToolbar>
    <Button component={RouterLink} to={sellPath()} variant="contained" size="small" startIcon={<AddIcon />}>
      Post item
    </Button>
  </TopToolbar>
);

/** /app.admin/products — 10 a page, searched, filtered, sorted and paged on the server. */
export default function ProductList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const filters = useFilters();
  return (
    <BackOfficeList<Product>
      title="Products"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={actions}
      errorTitle="Failed to fetch products"
    >
      {isSmall ? (
        <SimpleList<Product>
          leftIcon={(p) => <Thumbnail product={p} size={48} />}
          primaryText={(p) => p.productName}
          secondaryText={(p) => `${formatNaira(p.productPrice)} · ${p.user?.fullName ?? ''}`}
          tertiaryText={(p) => statusLabel(p.productStatus)}
          rowClick={(id) => productPath(id)}
          empty={empty}
        />
      ) : (
        <DataTable<Product> rowClick={(id) => productPath(id)} bulkActionButtons={false} empty={empty}>
          <Col label="Photo" render={(p) => <Thumbnail product={p} />} disableSort />
          <Col source="productName" label="Name" cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 160 })} />
          <Col
            source="productPrice"
            label="Price"
            render={(p) => formatNaira(p.productPrice)}
            align="right"
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <Col label="Seller" render={(p) => <SellerLink product={p} />} disableSort />
          <Col source="productStatus" label="Status" render={(p) => <ProductStatusChip product={p} />} />
          <Col source="createdAt" label="Created" render={(p) => formatStamp(p.createdAt)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
          <Col label="Actions" render={(p) => <RowActions product={p} />} />
        </DataTable>
      )}
    </BackOfficeList>
  );
}
