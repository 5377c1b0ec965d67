/*
 * Similar listings and the fair-price hint (rule "comparable listings"). Loaded on its own (React.lazy) after the
 * page's first paint: the first view's JavaScript budget is full, and neither is needed to read the listing.
 */
import { groupThousands, PRICE_HINT_MIN_LISTINGS, type PriceHint, type SimilarListings } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { useApiQuery } from '../../app/apiQuery';
import { queryKeys } from '../../app/queryKeys';
import { ProductCard, ProductCardSkeleton, ProductGrid } from './ProductCard';

/** ₦ in whole naira ("₦45,000"): a typical price is a range people read at a glance, not an amount to pay. */
const wholeNaira = (kobo: number) => `₦${groupThousands(Math.round(kobo / 100))}`;

/** "Typical price in Lagos: ₦40,000 – ₦55,000", or null when too few comparable listings (or no state) to say. */
export function typicalPriceText(hint: PriceHint | null | undefined, stateName: string | null | undefined): string | null {
  if (!hint || !stateName || hint.count < PRICE_HINT_MIN_LISTINGS || hint.low === null || hint.high === null) return null;
  return `Typical price in ${stateName}: ${wholeNaira(hint.low)} – ${wholeNaira(hint.high)}`;
}

/** One request per listing for both parts of the page (the section and the hint by the price), shared while the page is open. */
const similarRequests = new Map<number, Promise<SimilarListings>>();
function loadSimilar(productId: number): Promise<SimilarListings> {
  let p = similarRequests.get(productId);
  if (!p) {
    p = call<SimilarListings>(
      { method: 'GET', url: `/products/${productId}/similar` },
      { fallbackMessage: 'Failed to fetch similar listings', silent: true },
    );
    // A failure is not kept: the next visit asks again.
    p.catch(() => similarRequests.delete(productId));
    similarRequests.set(productId, p);
  }
  return p;
}

/** The listing's similar listings: undefined while loading, null when they could not be read (the parts are a bonus). */
function useSimilar(productId: number): SimilarListings | null | undefined {
  const { data, query } = useApiQuery(queryKeys.similar(productId), () => loadSimilar(productId));
  return query.isError ? null : data;
}

/** "Similar listings": up to 8 cards below the fold; the skeletons hold the space while they load, so nothing shifts. */
export function SimilarSection({ productId }: { productId: number }) {
  const answer = useSimilar(productId);
  if (answer === null || answer?.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="similar-title" data-testid="similar-listings" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="similar-title" variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        Similar listings
      </Typography>
      <ProductGrid label="Similar listings" busy={answer === undefined}>
        {answer === undefined
          ? Array.from({ length: 4 }, (_, i) => <ProductCardSkeleton key={i} />)
          : answer.data.map((p) => <ProductCard key={p.id} product={p} />)}
      </ProductGrid>
    </Box>
  );
}

/** The hint by the price, in the line the page keeps for it (no shift when it arrives, or when there is none). */
export function TypicalPrice({ productId, stateName }: { productId: number; stateName: string | null | undefined }) {
  const answer = useSimilar(productId);
  const text = typicalPriceText(answer?.priceHint, stateName);
  return text ? (
    <Typography variant="body2" data-testid="typical-price" sx={{ color: 'text.secondary' }}>
      {text}
    </Typography>
  ) : null;
}

/** How long the sell form waits after the last keystroke before asking (one request per pause, not per key). */
export const SELL_HINT_DELAY_MS = 400;

/**
 * The hint under the sell form's price, once a category and a state are chosen and a price is being typed: asked
 * again (debounced) when they change, cached per category and state.
 */
export function SellPriceHint({
  categoryId,
  stateId,
  stateName,
  price,
}: {
  categoryId: string;
  stateId: string;
  stateName: string | undefined;
  price: string;
}) {
  const ready = /^\d+$/.test(categoryId) && /^\d+$/.test(stateId) && price.trim() !== '';
  // What to ask about: set once the typing pauses (one request per pause, not per key).
  const [asked, setAsked] = useState<{ categoryId: string; stateId: string } | null>(null);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setAsked({ categoryId, stateId }), SELL_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, categoryId, stateId]);
  // The last hint stays until the next one arrives; a failure shows none.
  const read = useApiQuery(
    queryKeys.priceHint(asked?.categoryId ?? '', asked?.stateId ?? ''),
    (signal) =>
      call<PriceHint>(
        { method: 'GET', url: '/products/price-hint', params: { categoryId: asked?.categoryId, stateId: asked?.stateId }, signal },
        { fallbackMessage: 'Failed to fetch the typical price', silent: true },
      ),
    { enabled: asked !== null, keepPrevious: true },
  );
  const hint = read.query.isError ? null : (read.data ?? null);
  const text = ready ? typicalPriceText(hint, stateName) : null;
  return (
    <Typography variant="body2" role="status" data-testid="sell-typical-price" sx={{ color: 'text.secondary', minHeight: '1.5em' }}>
      {text}
    </Typography>
  );
}

export default SimilarSection;
