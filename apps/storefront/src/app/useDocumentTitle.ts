import { useEffect } from 'react';

/**
 * A page's own title ("<title> · Kasuwa"), e.g. a product's name once it has loaded. The layout sets
 * the route's default title in a layout effect, which always runs before this, so the page wins.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Kasuwa`;
  }, [title]);
}
