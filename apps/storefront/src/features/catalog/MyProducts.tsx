import { formatNaira, type Product, type ProductStatus } from '@kasuwa/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import InboxIcon from '@mui/icons-material/Inbox';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { useApiQuery } from '../../app/apiQuery';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';
import { toast } from '../../app/toast';
import { timeAgo, titleCase } from './format';
import { RetryAlert } from '../layout/RetryAlert';
import { BusyDialog, BusyDialogActions } from '../layout/BusyDialog';

const STATUS: Record<ProductStatus, { label: string; light: [string, string]; dark: [string, string] }> = {
  active: { label: 'Active', light: ['#dff2e8', '#0b5a40'], dark: ['#1d3a2e', '#9be7c4'] },
  sold_out: { label: 'Sold out', light: ['#fff1db', '#7a4100'], dark: ['#3d2c12', '#ffd08a'] },
  withdrawn: { label: 'Withdrawn', light: ['#eceff1', '#37474f'], dark: ['#2a3230', '#cfd8dc'] },
  blocked: { label: 'Blocked', light: ['#fde7e7', '#9b1c1c'], dark: ['#451a1a', '#ffb4ab'] },
  held: { label: 'Held for review', light: ['#fff1db', '#7a4100'], dark: ['#3d2c12', '#ffd08a'] },
};

function StatusChip({ status }: { status: ProductStatus }) {
  const s = STATUS[status] ?? STATUS.withdrawn;
  return (
    <Box
      component="span"
      sx={(t) => {
        const [bg, fg] = t.palette.mode === 'dark' ? s.dark : s.light;
        return {
          display: 'inline-block',
          px: 1,
          py: 0.25,
          borderRadius: 4,
          fontSize: '0.75rem',
          fontWeight: 700,
          bgcolor: bg,
          color: fg,
          whiteSpace: 'nowrap',
        };
      }}
    >
      {s.label}
    </Box>
  );
}

/** The seller takes a listing off sale and puts it back; the other statuses are not theirs to change. */
const SALE_SWITCH: Partial<
  Record<ProductStatus, { to: 'active' | 'withdrawn'; label: string; ariaLabel: (name: string) => string; icon: ReactNode }>
> = {
  active: { to: 'withdrawn', label: 'Withdraw', ariaLabel: (name) => `Withdraw ${name} from sale`, icon: <VisibilityOffIcon /> },
  withdrawn: { to: 'active', label: 'Put back on sale', ariaLabel: (name) => `Put ${name} back on sale`, icon: <VisibilityIcon /> },
};

/** The profile's Products tab: the seller's own listings of every status (the product screens). */
export function MyProducts() {
  const client = useAppQueryClient();
  const read = useApiQuery(queryKeys.myProducts(), async (signal) => (await catalogApi.myProducts(signal)).data ?? [], {
    failedText: 'Failed to fetch products',
  });
  const items = read.data ?? null;
  const { error, reload } = read;
  // A change answers with the listing as it now is: the cached list is updated in place.
  const setItems = (update: (list: Product[] | undefined) => Product[] | undefined) =>
    client.setQueryData<Product[]>(queryKeys.myProducts(), update);
  const [confirm, setConfirm] = useState<Product | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const setStatus = async (p: Product, status: 'active' | 'withdrawn') => {
    setBusyId(p.id);
    try {
      const res = await catalogApi.setStatus(p.id, status);
      setItems((list) => list?.map((x) => (x.id === p.id ? { ...x, ...res.data } : x)));
      toast.success(status === 'withdrawn' ? 'Listing withdrawn from sale' : 'Listing is back on sale');
    } catch {
      /* the central handler has shown the message */
    } finally {
      setBusyId(null);
    }
  };

  if (error) {
    return (
      <RetryAlert onRetry={reload} inset>
        {error}
      </RetryAlert>
    );
  }
  if (!items) {
    return (
      <Stack spacing={2} sx={{ p: 2 }} role="status" aria-busy aria-label="Loading your products">
        {[0, 1, 2].map((i) => (
          <Stack key={i} direction="row" spacing={2}>
            <Skeleton variant="rounded" width={88} height={66} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" />
              <Skeleton width="30%" />
            </Box>
          </Stack>
        ))}
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Box sx={{ py: 8, px: 2, textAlign: 'center' }}>
        <InboxIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography sx={{ mt: 1, fontWeight: 600 }}>No products listed yet</Typography>
        <Button href="/sell" variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }}>
          Post a product
        </Button>
      </Box>
    );
  }

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {items.length} {items.length === 1 ? 'listing' : 'listings'}
        </Typography>
        <Button href="/sell" variant="contained" size="small" startIcon={<AddIcon />}>
          Post a product
        </Button>
      </Stack>
      <Divider />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((p, i) => {
          const name = titleCase(p.productName);
          const saleSwitch = SALE_SWITCH[p.productStatus];
          const image = p.productImages[0];
          return (
            <Fragment key={p.id}>
              {i > 0 && <Divider component="li" aria-hidden />}
              <Box component="li" sx={{ p: 2, display: 'flex', gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Box
                  sx={{
                    width: 88,
                    height: 66,
                    flexShrink: 0,
                    borderRadius: 1,
                    overflow: 'hidden',
                    bgcolor: 'action.hover',
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  {image ? (
                    <Box
                      component="img"
                      src={image.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      width={88}
                      height={66}
                      sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                  ) : (
                    <ImageNotSupportedIcon sx={{ color: 'text.secondary' }} aria-hidden />
                  )}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                      {name}
                    </Typography>
                    <StatusChip status={p.productStatus} />
                  </Stack>
                  <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatNaira(p.productPrice)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {p.productLocation} · {p.productQuantity} in stock · posted <time dateTime={p.createdAt}>{timeAgo(p.createdAt)}</time>
                  </Typography>
                  {p.productStatus === 'blocked' && (
                    <Alert severity="error" sx={{ mt: 1, py: 0 }}>
                      Blocked by Kasuwa{p.blockReason ? `: ${p.blockReason}` : '.'} Edit the listing to fix it, or contact us.
                    </Alert>
                  )}
                  {p.productStatus === 'held' && (
                    // Held from sale until Kasuwa's team has looked: by a risk rule (its reason) or by buyers' reports.
                    <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
                      Held for a check by Kasuwa: {p.blockReason ?? 'several buyers reported this listing.'} It is hidden from buyers until
                      our team has looked at it.
                    </Alert>
                  )}
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1, ml: -1 }}>
                    <Button size="small" startIcon={<VisibilityIcon />} href={`/product/${p.id}`} aria-label={`View ${name}`}>
                      View
                    </Button>
                    <Button size="small" startIcon={<EditIcon />} href={`/products/${p.id}/edit`} aria-label={`Edit ${name}`}>
                      Edit
                    </Button>
                    {saleSwitch && (
                      <Button
                        size="small"
                        color="inherit"
                        startIcon={saleSwitch.icon}
                        loading={busyId === p.id}
                        onClick={() => void setStatus(p, saleSwitch.to)}
                        aria-label={saleSwitch.ariaLabel(name)}
                      >
                        {saleSwitch.label}
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      startIcon={<DeleteIcon />}
                      onClick={() => setConfirm(p)}
                      aria-label={`Delete ${name}`}
                    >
                      Delete
                    </Button>
                  </Stack>
                </Box>
              </Box>
            </Fragment>
          );
        })}
      </Box>
      <DeleteProductDialog
        product={confirm}
        onClose={() => setConfirm(null)}
        onDeleted={(id) => {
          setItems((list) => list?.filter((x) => x.id !== id));
          setConfirm(null);
        }}
      />
    </Box>
  );
}

function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: Product | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Product | null>(product);
  // Keep the name on screen while the dialog fades out.
  if (product && product !== shown) {
    setShown(product);
    setError(null);
  }

  const onConfirm = async () => {
    if (!product) return;
    setBusy(true);
    setError(null);
    try {
      const res = await catalogApi.remove(product.id);
      toast.success(res.message || 'Product deleted successfully');
      onDeleted(product.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to delete product');
    } finally {
      setBusy(false);
    }
  };

  return (
    <BusyDialog
      open={Boolean(product)}
      busy={busy}
      onClose={onClose}
      maxWidth="xs"
      aria-labelledby="delete-product-title"
      aria-describedby="delete-product-text"
    >
      <DialogTitle id="delete-product-title">Delete product</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-product-text">
          Are you sure you want to delete this product? “{shown ? titleCase(shown.productName) : ''}” and its photos will be removed. This
          cannot be undone.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <BusyDialogActions busy={busy} onClose={onClose}>
        <Button variant="contained" color="error" loading={busy} onClick={() => void onConfirm()}>
          Delete
        </Button>
      </BusyDialogActions>
    </BusyDialog>
  );
}
