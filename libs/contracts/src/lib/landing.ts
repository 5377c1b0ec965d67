/**
 * Landing pages (a category in a state or an LGA) and the words they share with the API's titles. A module of its
 * own: only the pages that link to them load it, never the storefront's first view.
 */
import { groupThousands } from './money';

/**
 * A name as a part of an address: lower-case ASCII words joined by single hyphens ("Abuja (FCT)" → "abuja-fct",
 * "Jama'are" → "jamaare", "Urue-Offong/Oruko" → "urue-offong-oruko"). Stable: the same name always gives the same slug.
 */
export function toSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A landing page's address: a category in a state (`/lagos/mobile-phones`) or in one of its LGAs (`/lagos/ikeja/mobile-phones`). */
export function landingPath(stateSlug: string, categorySlug: string, lgaSlug?: string | null): string {
  return lgaSlug ? `/${stateSlug}/${lgaSlug}/${categorySlug}` : `/${stateSlug}/${categorySlug}`;
}

export interface LandingPlace {
  id: number;
  name: string;
  slug: string;
}

/** A link from a landing page to a page near it: the same category in another LGA of the state, or in the whole state. */
export interface LandingLink {
  name: string;
  path: string;
  /** Listings on sale there; absent for the state page (its count is the state's). */
  count?: number;
}

/**
 * `GET /api/landing-pages?path=/lagos/mobile-phones`: what a landing page is about. `path` is the canonical address:
 * when it differs from the one asked (an old spelling), the page moves there (the server answers such an address 301).
 * Its listings are `GET /api/products` with `query`.
 */
export interface LandingPage {
  path: string;
  state: LandingPlace;
  lga: LandingPlace | null;
  category: LandingPlace;
  /** The query of its listings (category slug, state id, LGA id). */
  query: { category: string; stateId: number; lgaId?: number };
  /** From an LGA page, the state page first; then the state's other LGAs with listings in the category, most first. */
  nearby: LandingLink[];
}

/** "Mobile Phones in Ikeja, Lagos": the place a landing page is about, as its title and heading name it. */
export function landingName(page: Pick<LandingPage, 'state' | 'lga' | 'category'>): string {
  return `${page.category.name} in ${page.lga ? `${page.lga.name}, ${page.state.name}` : page.state.name}`;
}

/**
 * "12 listings", or for an estimated total (the API estimates past 1,000 hits when counting exactly would cost more
 * than the page; docs/search.md: Counts) "about 49,000 listings", and "10,000+ listings" past ten thousand.
 */
export function countText(total: number, estimate = false): string {
  if (estimate && total >= 10000) return '10,000+ listings';
  if (estimate) return `about ${groupThousands(total)} listings`;
  return `${groupThousands(total)} ${total === 1 ? 'listing' : 'listings'}`;
}

/** A landing page's heading and title: "Mobile Phones in Lagos — 12 listings". */
export function landingHeading(page: Pick<LandingPage, 'state' | 'lga' | 'category'>, total: number, estimate = false): string {
  return `${landingName(page)} — ${countText(total, estimate)}`;
}
