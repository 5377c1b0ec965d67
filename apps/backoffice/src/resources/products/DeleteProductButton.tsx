import { Confirm, useDataProvider, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { Button, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Product } from '@kasuwa/contracts';
import { errorMessage } from '../../common/errors';
import { useRowConfirm } from '../../common/useRowConfirm';

/**
 * DELETE /api/admin/products/:id after the product's confirmation. A listing that orders refer to is
 * withdrawn by the API instead of deleted; a follow-up read tells the two apart for the toast.
 */
export function DeleteProductButton({ compact = false, redirectToList = false }: { compact?: boolean; redirectToList?: boolean }) {
  const product = useRecordContext<Product>();
  const [deleteOne, { isPending }] = useDelete<Product>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const { open, ask: openConfirm, close } = useRowConfirm(); // list rows open the product on click
  if (!product) return null;

  const stillThere = async (): Promise<boolean> => {
    try {
      await dataProvider.getOne<Product>('products', { id: product.id });
      return true;
    } catch {
      return false;
    }
  };

  const confirm = () =>
    deleteOne(
      'products',
      { id: product.id, previousData: product },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          // stillThere never rejects: a failed read counts as deleted.
          void stillThere().then((withdrawn) => {
            notify(withdrawn ? 'The product has orders, so it was withdrawn instead of deleted' : 'Product deleted', {
              type: 'success',
            });
            if (redirectToList) redirect('list', 'products');
          });
        },
        onError: (error) => {
          close();
          // The product error texts: an alert with the message or 'Failed to delete product'.
          notify(errorMessage(error, 'Failed to delete product'), { type: 'error', multiLine: true });
        },
      },
    );

  return (
    <>
      {compact ? (
        <Tooltip title="Delete">
          <IconButton size="small" color="error" onClick={openConfirm} disabled={isPending} aria-label={`Delete ${product.productName}`}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={openConfirm} disabled={isPending}>
          Delete
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`Delete “${product.productName}”?`}
        content="Are you sure you want to delete this product?"
        confirm="Delete"
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </>
  );
}
