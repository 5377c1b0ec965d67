import type { Category, Product } from '@kasuwa/contracts';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

interface Props {
  product: Pick<Product, 'stateId' | 'stateName' | 'stateSlug'>;
  category: Category | null;
  parent: Category | null;
  /** The listing's title as the page shows it. */
  name: string;
}

/**
 * Home › State › Category in State › listing: the category's landing page in the listing's state (its address as
 * contracts' landingPath spells it, written out so this page does not load the landing module). A listing whose
 * state is not known (an old one) keeps the category trail (parent › category) on the home page's search.
 */
export function ProductBreadcrumbs({ product, category, parent, name }: Props) {
  const { stateId, stateName, stateSlug } = product;
  const place = stateId && stateName && stateSlug ? { stateId, stateName, stateSlug } : null;
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, fontSize: '0.9rem' }}>
      <Link href="/" color="inherit" underline="hover">
        Home
      </Link>
      {place && (
        <Link href={`/?stateId=${place.stateId}`} color="inherit" underline="hover">
          {place.stateName}
        </Link>
      )}
      {place && category && (
        <Link href={`/${place.stateSlug}/${category.slug}`} color="inherit" underline="hover">
          {`${category.categoryName} in ${place.stateName}`}
        </Link>
      )}
      {!place && parent && (
        <Link href={`/?category=${encodeURIComponent(parent.slug)}`} color="inherit" underline="hover">
          {parent.categoryName}
        </Link>
      )}
      {!place && category && (
        <Link href={`/?category=${encodeURIComponent(category.slug)}`} color="inherit" underline="hover">
          {category.categoryName}
        </Link>
      )}
      <Typography component="span" aria-current="page" sx={{ color: 'text.primary', fontSize: 'inherit' }} noWrap>
        {name}
      </Typography>
    </Breadcrumbs>
  );
}
