import type { Product } from '@kasuwa/contracts';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { trustApi } from '../../api/trust';
import { rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';

const ReportDialog = lazy(() => import('./ReportDialog'));

/** "Message seller" (a guest signs in and comes back) and "Report this listing" on a product page. */
export function ProductTrustActions({ product }: { product: Product }) {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const here = `/product/${product.id}`;

  const needSignIn = () => {
    rememberReturnTo(here);
    void navigate('/auth', { state: { from: { pathname: here } } });
  };
  const onMessage = async () => {
    if (!session) return needSignIn();
    setBusy(true);
    try {
      const { data } = await trustApi.startConversation({ productId: product.id });
      void navigate(`/inbox/${data.id}`);
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ChatIcon />} onClick={() => void onMessage()} disabled={busy} fullWidth>
        Message seller
      </Button>
      <Button
        variant="text"
        color="inherit"
        size="small"
        startIcon={<FlagIcon />}
        onClick={() => (session ? setReporting(true) : needSignIn())}
        sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
      >
        Report this listing
      </Button>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog targetType="product" targetId={product.id} title="Report this listing" onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
