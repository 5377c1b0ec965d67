import { NO_RATINGS_YET, type SellerRating as Rating } from '@kasuwa/contracts';
import StarIcon from '@mui/icons-material/Star';
import Typography from '@mui/material/Typography';

/** "★ 4.5 · 12 ratings", or "No ratings yet": never an invented score. Comes with the page's own data. */
export function SellerRating({ rating, size = 'body2' }: { rating: Rating | undefined; size?: 'body1' | 'body2' }) {
  if (!rating || rating.count === 0 || rating.average === null) {
    return (
      <Typography variant={size} sx={{ color: 'text.secondary' }} data-testid="seller-rating">
        {NO_RATINGS_YET}
      </Typography>
    );
  }
  return (
    <Typography
      variant={size}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      data-testid="seller-rating"
      aria-label={`Rated ${rating.average} out of 5 from ${rating.count} ratings`}
    >
      <StarIcon fontSize="small" sx={{ color: '#f5a623' }} aria-hidden />
      <strong>{rating.average.toFixed(1)}</strong>
      <span>
        · {rating.count} rating{rating.count === 1 ? '' : 's'}
      </span>
    </Typography>
  );
}
