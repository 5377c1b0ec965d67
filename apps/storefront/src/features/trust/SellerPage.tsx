import { formatMonthYear, type Product, type Review, type SellerProfile } from '@kasuwa/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { catalogApi } from '../../api/catalog';
import { trustApi } from '../../api/trust';
import { toast } from '../../app/toast';
import { ProductCard, ProductGrid } from '../catalog/ProductCard';
import { PageLoader } from '../layout/PageLoader';
import { initials } from '../layout/initials';
import { SellerRating } from './SellerRating';

function responseText(minutes: number | null): string {
  if (minutes === null) return 'Not enough chats yet';
  if (minutes < 60) return `Usually replies within ${Math.max(1, minutes)} min`;
  if (minutes < 24 * 60) return `Usually replies within ${Math.round(minutes / 60)} h`;
  return 'Usually replies within a few days';
}

/** A seller's shop: who they are, their rating and reviews, how fast they answer, and their listings on sale. */
export default function SellerPage() {
  const id = Number(useParams().id);
  const [seller, setSeller] = useState<SellerProfile | null>(null);
  const [reviews, setReviews] = useState<Review[]>([]);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    trustApi.seller(id).then((r) => setSeller(r.data), () => setMissing(true));
    trustApi.sellerReviews(id).then((r) => setReviews(r.data), () => undefined);
    catalogApi.sellerProducts(id, controller.signal).then((r) => setProducts(r.data), () => setProducts([]));
    return () => controller.abort();
  }, [id]);

  if (missing) return <Container sx={{ py: 3 }}>This shop does not exist.</Container>;
  if (!seller) return <PageLoader />;
  const share = () => navigator.clipboard?.writeText(window.location.href).then(() => toast.success('Link copied'), () => undefined);
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
              Member since {formatMonthYear(seller.memberSince)} · {seller.listings} listings · {seller.completedOrders} completed orders
            </Typography>
            <SellerRating rating={seller.rating} size="body1" />
            <Typography variant="body2">{responseText(seller.responseMinutes)}</Typography>
          </Box>
        </Stack>
        <Button size="small" sx={{ mt: 1 }} onClick={share}>
          Share this shop
        </Button>
      </Paper>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        Listings
      </Typography>
      {products === null ? (
        <PageLoader />
      ) : (
        <ProductGrid label={`Listings by ${seller.fullName}`} busy={false}>
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ProductGrid>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 3, mb: 1 }}>
        Reviews
      </Typography>
      {reviews.length === 0 && <Typography sx={{ color: 'text.secondary' }}>No reviews yet.</Typography>}
      {seller.rating.hidden > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {seller.rating.hidden} review{seller.rating.hidden === 1 ? ' was' : 's were'} hidden by moderators and {seller.rating.hidden === 1 ? 'is' : 'are'} not counted.
        </Typography>
      )}
      <Stack spacing={1}>
        {reviews.map((r) => (
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
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
