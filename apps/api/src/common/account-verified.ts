/**
 * The one definition of a "verified" account, as SQL over `app_user` aliased `u`: its e-mail address (link) or its
 * phone (SMS code) was verified. Everything that trusts an account more once it is verified (which reports count
 * toward the automatic hold of a listing) reads it from here; age and completed orders then weigh its reports.
 */
export const ACCOUNT_VERIFIED_SQL = `(u.email_verified_at IS NOT NULL OR u.phone_verified_at IS NOT NULL)`;

/** Completed orders of the account aliased `alias`, as buyer or as seller (each side reads its own index). */
export function completedOrdersSql(alias: string): string {
  return `((SELECT count(*) FROM "order" o WHERE o.buyer_id = ${alias}.id AND o.status = 'completed')
         + (SELECT count(*) FROM "order" o WHERE o.seller_id = ${alias}.id AND o.status = 'completed'))`;
}
