import type { Category, Product } from '@kasuwa/contracts';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { Fragment } from 'react';
import { LinkBehavior } from '../../app/LinkBehavior';

interface Props {
  product: Pick<Product, 'stateId' | 'stateName' | 'stateSlug'>;
  category: Category | null;
  parent: Category | null;
  /** The listing's title as the page shows it. */
  name: string;
}

/**
 * MUI Breadcrumbs' look (a body1 line in the secondary colour, "/" between the steps, links underlined on hover) as
 * classes on one styled element: on every product page, as MUI Breadcrumbs, Links and Typography it was six
 * components for the server's style engine.
 */
const crumbStyles = (t: Theme) => ({
  ...t.typography.body1,
  mb: 2,
  fontSize: '0.9rem',
  color: 'text.secondary',
  '& ol': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', p: 0, m: 0, listStyle: 'none' },
  '& .crumb-sep': { display: 'flex', userSelect: 'none', mx: 1 },
  '& a': { color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
  '& [aria-current="page"]': {
    display: 'block',
    color: 'text.primary',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

/**
 * Home › State › Category in State › listing: the category's landing page in the listing's state (its address as
 * contracts' landingPath spells it, written out so this page does not load the landing module). A listing whose
 * state is not known (an old one) keeps the category trail (parent › category) on the home page's search.
 */
export function ProductBreadcrumbs({ product, category, parent, name }: Props) {
  const { stateId, stateName, stateSlug } = product;
  const place = stateId && stateName && stateSlug ? { stateId, stateName, stateSlug } : null;
  const steps: { href: string; label: string }[] = [{ href: '/', label: 'Home' }];
  if (place) {
    steps.push({ href: `/?stateId=${place.stateId}`, label: place.stateName });
    if (category) steps.push({ href: `/${place.stateSlug}/${category.slug}`, label: `${category.categoryName} in ${place.stateName}` });
  } else {
    if (parent) steps.push({ href: `/?category=${encodeURIComponent(parent.slug)}`, label: parent.categoryName });
    if (category) steps.push({ href: `/?category=${encodeURIComponent(category.slug)}`, label: category.categoryName });
  }
  return (
    <Box component="nav" aria-label="Breadcrumb" sx={crumbStyles}>
      <ol>
        {steps.map((s) => (
          <Fragment key={s.href}>
            <li>
              <LinkBehavior href={s.href}>{s.label}</LinkBehavior>
            </li>
            <li aria-hidden="true" className="crumb-sep">
              /
            </li>
          </Fragment>
        ))}
        <li>
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </Box>
  );
}
