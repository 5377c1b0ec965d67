/**
 * What a buyer pays per unit of a listing: the seller's accepted chat offer to this buyer (offer_price) when it is below
 * the listed price, else the listed price — a price cut after the offer is never lost to the buyer. The cart shows it
 * and checkout charges it, so both read this one expression. `buyer` is a SQL parameter (`$3`), `product` the alias of
 * the product row in the caller's query.
 */
export const offerKoboSql = (buyer: string, product: string) =>
  `(SELECT o.price_kobo FROM offer_price o WHERE o.buyer_id = ${buyer} AND o.product_id = ${product}.id AND o.price_kobo < ${product}.price_kobo)`;

export const unitPriceKoboSql = (buyer: string, product: string) => `coalesce(${offerKoboSql(buyer, product)}, ${product}.price_kobo)`;
