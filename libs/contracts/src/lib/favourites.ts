import type { Product } from './catalog';

/** Most favourites one user keeps (and most ids one merge may send). */
export const MAX_FAVOURITES = 500;

/**
 * `GET /api/favourites`: productIds are every saved listing (for the hearts); products are the ones still on sale,
 * newest saved first (for the Saved items page).
 */
export interface FavouritesResponse {
  message?: string;
  data: { productIds: number[]; products: Product[] };
}

/** `PUT /api/favourites/{productId}`, `DELETE /api/favourites/{productId}`, `POST /api/favourites/merge` → the ids now saved. */
export interface FavouriteIdsResponse {
  message: string;
  data: { productIds: number[] };
}

/** `POST /api/favourites/merge`: a device's favourites, merged at sign-in (docs/trust.md "Favourites"). */
export interface MergeFavouritesRequest {
  productIds: number[];
}
