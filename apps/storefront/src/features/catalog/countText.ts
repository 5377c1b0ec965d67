import { groupThousands } from '@kasuwa/contracts';

/**
 * "12 listings", or for an estimated total (the API estimates past 1,000 hits when counting exactly would cost more
 * than the page; docs/search.md: Counts) "about 49,000 listings", and "10,000+ listings" past ten thousand. The same
 * wording as the contracts' countText (the landing pages' titles); kept here so the home page's code does not load the
 * landing module.
 */
export function countText(total: number, estimate = false): string {
  if (estimate && total >= 10000) return '10,000+ listings';
  if (estimate) return `about ${groupThousands(total)} listings`;
  return `${groupThousands(total)} ${total === 1 ? 'listing' : 'listings'}`;
}
