/*
 * Every key of the storefront's data cache (react-query), in one place: a page reads under one of these and a change
 * invalidates by the same one, so no key is spelled twice. A key that starts with another is invalidated with it
 * (['orders'] refreshes both order lists).
 */
export const queryKeys = {
  categories: () => ['categories'] as const,
  moneyRules: () => ['money-rules'] as const,
  /** One category with its attributes (the sell form's details). */
  category: (id: string) => ['category', id] as const,
  /** The states and their cities (GET /locations): fixed, kept for the visit. */
  locations: () => ['locations'] as const,
  /** A state's local government areas: fixed, kept for the visit. */
  lgas: (stateId: string) => ['lgas', stateId] as const,
  /** The banks a payout can go to: fixed, kept for the visit. */
  banks: () => ['banks'] as const,
  /** The account payouts go to (null: none yet), read as the bank details dialog opens. */
  payoutAccount: () => ['payout-account'] as const,
  /** The product grid's pages, kept per history entry (useProductSearch). */
  products: (entryKey: string, queryJson: string) => ['products', entryKey, queryJson] as const,
  /** The signed-in cart as the server last answered (cartSync). */
  cart: (token: string) => ['cart', token] as const,
  /** A listing's page (GET /products/{id}): null when there is none; seeded by the server's rendering. */
  product: (id: string) => ['product', id] as const,
  /** A seller's shop and its first reviews; seeded by the server's rendering. */
  seller: (id: string) => ['seller', id] as const,
  /** A landing page (a category in a place) by its address: null when there is none; seeded by the server's rendering. */
  landing: (path: string) => ['landing', path] as const,
  /** An order's handover code and its state, read again for each status of the order (shipping issues the code). */
  handover: (orderId: number, status: string) => ['handover', orderId, status] as const,
  /** A seller's listings on sale (the product page's "More from this seller"). */
  sellerProducts: (sellerId: number) => ['seller-products', sellerId] as const,
  /** The buyer's rating of an order's seller (null: none yet). */
  orderReview: (orderId: number) => ['order-review', orderId] as const,
  /** Which notifications also come by e-mail. */
  emailPreferences: () => ['email-preferences'] as const,
  savedSearches: () => ['saved-searches'] as const,
  /** The delivery quote for the cart to an address (GET /checkout/quote). */
  checkoutQuote: (stateId: number, lgaId: number) => ['checkout-quote', stateId, lgaId] as const,
  /** The commission rules the sell form states. */
  commissions: () => ['commissions'] as const,
  /** A new listing's delivery options: the seller's latest listing's. */
  deliveryDefaults: () => ['delivery-defaults'] as const,
  /** The seller's own listing opened for editing. */
  ownListing: (id: string) => ['own-listing', id] as const,
  /** A listing's similar listings and its price hint (one answer for both parts of the page). */
  similar: (productId: number) => ['similar', productId] as const,
  /** The sell form's typical price for a category in a state. */
  priceHint: (categoryId: string, stateId: string) => ['price-hint', categoryId, stateId] as const,
  /** Which sign-in providers the server offers (Google may not be set up). */
  authProviders: () => ['auth-providers'] as const,
  /** The signed-in user's verification, for the banner (by user: the next one never sees the last one's). */
  verification: (userId: number | null) => ['verification', userId] as const,
  /** What the payment provider says of a payment (the page it sends the buyer back to). */
  paymentVerification: (reference: string) => ['payment-verification', reference] as const,
  orders: () => ['orders'] as const,
  orderList: (role: 'buyer' | 'seller') => ['orders', role] as const,
  order: (id: string) => ['order', id] as const,
  profile: () => ['profile'] as const,
  notifications: () => ['notifications'] as const,
  earnings: () => ['earnings'] as const,
  saved: (signedIn: boolean, ids: string) => ['saved', signedIn, ids] as const,
  myProducts: () => ['my-products'] as const,
  addresses: () => ['addresses'] as const,
  /** What the checkout's new address starts from: the last delivery details (this device, else the last order). */
  newAddressDefaults: () => ['new-address-defaults'] as const,
  inbox: () => ['inbox'] as const,
  /** A conversation and its messages as the thread opened (later ones arrive live and join them on the page). */
  thread: (id: number) => ['thread', id] as const,
  /** The messages after the thread's last one, polled while its live connection is down. */
  threadNews: (id: number) => ['thread-news', id] as const,
};
