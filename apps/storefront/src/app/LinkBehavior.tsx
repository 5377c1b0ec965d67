import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string };

/**
 * MUI Link and link-buttons use client-side routing for in-app paths; anything else
 * (API redirects, mailto:, tel:, other sites) stays a plain anchor with a full page load.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Props>(function LinkBehavior({ href = '', ...rest }, ref) {
  const internal = href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/');
  if (!internal) return <a ref={ref} href={href} {...rest} />;
  return <RouterLink ref={ref} to={href} {...rest} />;
});
