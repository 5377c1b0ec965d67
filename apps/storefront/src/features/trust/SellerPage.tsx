import { formatMonthYear, type Review, type SellerProfile } from '@kasuwa/contracts';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { trustApi } from '../../api/trust';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { isTaken, renderNow, take, useInitialData } from '../../app/initialData';
import { toast } from '../../app/toast';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { rememberReturnTo } from '../auth/returnTo';
import { useSession } from '../auth/useSession';
import { countText } from '../catalog/countText';
import { ProductCard, ProductGrid } from '../catalog/ProductCard';
import { useSearchState } from '../catalog/searchState';
import { useProductSearch } from '../catalog/useProductSearch';
import NotFoundPage from '../layout/NotFoundPage';
import { PageLoader } from '../layout/PageLoader';
import { initials } from '../layout/initials';
import { SellerRating } from './SellerRating';
import { VerifiedBadges } from './VerifiedBadges';
import { shopQuery } from './shopQuery';
import { LoadMore, SearchResults } from '../catalog/SearchResults';

const ReportDialog = lazy(() => import('./ReportDialog'));
const ReviewReply = lazy(() => import('./ReviewReply'));

function responseText(minutes: number | null): string {
  if (minutes === null) return 'Not enough chats yet';
  if (minutes < 60) return `Usually replies within ${Math.max(1, minutes)} min`;
  if (minutes < 24 * 60) return `Usually replies within ${Math.round(minutes / 60)} h`;
  return 'Usually replies within a few days';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type ShopState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; seller: SellerProfile; reviews: Review[] };

/** The shop and its first reviews: from the server's HTML on the first view, else GET /api/sellers/{id}(/reviews). */
function useShop(id: string): ShopState {
  const initial = useInitialData().seller;
  const seeded = initial && initial.id === id && !isTaken(initial) ? initial : null;
  const valid = /^\d{1,9}$/.test(id);
  // The server's answer seeds the cache: the first render (and hydration) shows the shop with no call.
  const read = useApiQuery(
    queryKeys.seller(id),
    async () => {
      const [s, r] = await Promise.all([
        trustApi.seller(Number(id)),
        trustApi.sellerReviews(Number(id)).catch(() => ({ data: [] as Review[] })),
      ]);
      return { profile: s.data as SellerProfile | null, reviews: r.data };
    },
    { enabled: valid, initialData: seeded ? { profile: seeded.profile, reviews: seeded.reviews } : undefined },
  );
  useEffect(() => take(seeded), [seeded]);
  // No such shop, or it could not be fetched: the page says so.
  if (!valid || read.error || read.data?.profile === null) return { status: 'missing' };
  if (!read.data?.profile) return { status: 'loading' };
  return { status: 'ready', seller: read.data.profile, reviews: read.data.reviews };
}

/**
 * A seller's shop (`/seller/{id}`, rendered on the server with its Open Graph tags): who they are, their rating, how
 * fast they answer, their listings on sale — searchable within the shop, the words in the address (`?search=`) so a
 * search can be shared, paged like the home page — and their reviews.
 */
export default function SellerPage() {
  const id = useParams().id ?? '';
  const location = useLocation();
  const shop = useShop(id);
  const [state, update] = useSearchState(location.pathname);
  const query = useMemo(() => shopQuery(state, id), [state, id]);
  const search = useProductSearch(query, location.key);
  const { results, loading } = search;
  const [text, setText] = useState(state.search);
  useEffect(() => setText(state.search), [state.search]);
  const seller = shop.status === 'ready' ? shop.seller : null;
  const session = useSession();
  // The seller's replies posted on this visit, shown in place of the review as loaded.
  const [replied, setReplied] = useState<Record<number, Review>>({});
  useDocumentTitle(seller ? `${seller.fullName}'s shop` : shop.status === 'missing' ? 'Shop not found' : 'Seller');

  if (shop.status === 'missing') return <NotFoundPage title="Shop not found" text="This shop does not exist or is closed." />;
  if (!seller || shop.status !== 'ready') return <PageLoader />;
  const share = () =>
    navigator.clipboard?.writeText(window.location.href).then(
      () => toast.success('Link copied'),
      () => undefined,
    );
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ search: text });
  };
  const now = renderNow();
  return (
    <Container maxWidth="lg" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={seller.profileImage ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {initials(seller.fullName)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: '1.4rem' }}>
              {seller.fullName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Member since {formatMonthYear(seller.memberSince)} · {plural(seller.listings, 'listing')} ·{' '}
              {plural(seller.completedOrders, 'completed order')}
              {seller.missedShipBy > 0 && ` · ${plural(seller.missedShipBy, 'order')} cancelled for not shipping in time`}
            </Typography>
            <SellerRating rating={seller.rating} size="body1" />
            <VerifiedBadges verified={seller.verified} />
            <Typography variant="body2">{responseText(seller.responseMinutes)}</Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => void share()}>
            Share this shop
          </Button>
          <ReportSeller sellerId={seller.id} here={`${location.pathname}${location.search}`} />
        </Stack>
      </Paper>

      <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', gap: 1, mb: 1.5 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          label="Search this shop"
          name="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, enterKeyHint: 'search' } }}
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
          Search
        </Button>
      </Box>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }} role="status" aria-live="polite">
        {state.search ? `Results for “${state.search}”` : 'Listings'}
        {results && !loading && (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
            {countText(results.total, results.totalIsEstimate)}
          </Typography>
        )}
      </Typography>
      <SearchResults
        search={search}
        skeletons={5}
        empty={
          <Typography sx={{ color: 'text.secondary' }}>
            {state.search ? 'No listings in this shop match your search.' : 'This shop has no listings on sale.'}
          </Typography>
        }
      >
        {(results) => (
          <>
            <ProductGrid label={`Listings by ${seller.fullName}`}>
              {results.items.map((p, i) => (
                <ProductCard key={p.id} product={p} now={now} eager={i < 4} />
              ))}
            </ProductGrid>
            <LoadMore search={search} hasMore={Boolean(results.nextCursor)} mt={2} />
          </>
        )}
      </SearchResults>

      <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 3, mb: 1 }}>
        Reviews
      </Typography>
      {shop.reviews.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No reviews yet.</Typography>}
      {seller.rating.hidden > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {seller.rating.hidden} review{seller.rating.hidden === 1 ? ' was' : 's were'} hidden by moderators and{' '}
          {seller.rating.hidden === 1 ? 'is' : 'are'} not counted.
        </Typography>
      )}
      <Stack spacing={1}>
        {shop.reviews
          .map((loaded) => replied[loaded.id] ?? loaded)
          .map((r) => (
            <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="review">
              <Typography sx={{ fontWeight: 700 }}>
                {'★'.repeat(r.rating)}
                {'☆'.repeat(5 - r.rating)} · {r.buyer.fullName}
              </Typography>
              {r.text && <Typography>{r.text}</Typography>}
              {r.reply && (
                <Typography variant="body2" sx={{ mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
                  Seller’s reply: {r.reply}
                </Typography>
              )}
              {!r.reply && session?.user.userId === seller.id && (
                <Suspense fallback={null}>
                  <ReviewReply review={r} onReplied={(next) => setReplied((all) => ({ ...all, [next.id]: next }))} />
                </Suspense>
              )}
            </Paper>
          ))}
      </Stack>
    </Container>
  );
}

/** "Report this user": signed in, not one's own shop; a guest signs in and comes back. */
function ReportSeller({ sellerId, here }: { sellerId: number; here: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (session?.user.userId === sellerId) return null;
  const onClick = () => {
    if (session) return setOpen(true);
    rememberReturnTo(here);
    void navigate('/auth', { state: { from: { pathname: here } } });
  };
  return (
    <>
      <Button size="small" color="inherit" startIcon={<FlagIcon />} onClick={onClick} sx={{ color: 'text.secondary' }}>
        Report this user
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targetType="user" targetId={sellerId} title="Report this user" onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
