import type { CreateSavedSearchRequest, ProductQuery } from '@kasuwa/contracts';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { trustApi } from '../../api/trust';
import { toast } from '../../app/toast';
import { rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';

const KEYS = ['search', 'category', 'stateId', 'cityId', 'type', 'condition', 'minPrice', 'maxPrice'] as const;

/** "Save this search" on the results page: its words and filters, e-mailed daily with new matches. */
export default function SaveSearchButton({ query }: { query: ProductQuery }) {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const here = `${window.location.pathname}${window.location.search}`;
    if (!session) {
      rememberReturnTo(here);
      return navigate('/auth', { state: { from: { pathname: here } } });
    }
    const body: Record<string, unknown> = {};
    for (const k of KEYS) if (query[k] !== undefined && query[k] !== '' && query[k] !== 'all') body[k] = query[k];
    setBusy(true);
    try {
      toast.success((await trustApi.saveSearch(body as CreateSavedSearchRequest)).message);
    } catch {
      /* the client has shown why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<BookmarkAddIcon />} onClick={() => void save()} disabled={busy}>
      Save this search
    </Button>
  );
}
