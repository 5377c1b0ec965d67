import { DataTable, Pagination, ReferenceManyField, SimpleList, type RaRecord } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { formatNaira, type Product, formatStamp } from '@kasuwa/contracts';
import { EmptyState } from '../../common/EmptyState';
import { ListError } from '../../common/ListError';
import { statusLabel } from '../../common/StatusChip';
import { productPath } from './paths';
import { ProductStatusChip } from './ProductStatusChip';
import { Thumbnail } from './Thumbnail';

/** Columns typed with the row, so render functions get a Product. */
const Col = DataTable.Col<Product>;

/**
 * The listings of the user in the surrounding record context: GET /api/admin/products with
 * filter {"seller": id} (react-admin's getManyReference), newest first, 5 a page, every status.
 */
export function SellerProducts() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <ReferenceManyField<RaRecord, Product>
      reference="products"
      target="seller"
      perPage={5}
      sort={{ field: 'createdAt', order: 'DESC' }}
      pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
      empty={<EmptyState text="No products listed yet" />}
      error={<ListError title="Failed to fetch products" />}
    >
      {isSmall ? (
        <SimpleList<Product>
          leftIcon={(p) => <Thumbnail product={p} size={48} />}
          primaryText={(p) => p.productName}
          secondaryText={(p) => `${formatNaira(p.productPrice)} · ${formatStamp(p.createdAt)}`}
          tertiaryText={(p) => statusLabel(p.productStatus)}
          rowClick={(id) => productPath(id)}
        />
      ) : (
        <DataTable<Product> rowClick={(id) => productPath(id)} bulkActionButtons={false}>
          <Col label="Photo" render={(p) => <Thumbnail product={p} size={48} />} disableSort />
          <Col source="productName" label="Name" cellSx={() => ({ overflowWrap: 'anywhere' })} />
          <Col source="productPrice" label="Price" render={(p) => formatNaira(p.productPrice)} align="right" />
          <Col source="productStatus" label="Status" render={(p) => <ProductStatusChip product={p} />} />
          <Col source="createdAt" label="Created" render={(p) => formatStamp(p.createdAt)} />
        </DataTable>
      )}
    </ReferenceManyField>
  );
}
