/**
 * The one definition of a "verified" account, as SQL over `app_user` aliased `u`. Everything that trusts an account
 * more once it is verified (today: which reports count toward the automatic hold of a listing) reads it from here.
 *
 * Until e-mail and phone verification land, an account counts as verified when it is older than 7 days or has a
 * completed order (as buyer or seller): a throw-away account made a minute ago is neither. When the verification
 * columns are added this becomes `(u.email_verified_at IS NOT NULL OR u.phone_verified_at IS NOT NULL)`, here only.
 */
export const ACCOUNT_VERIFIED_SQL = `(u.created_at < now() - interval '7 days' OR ${completedOrdersSql('u')} > 0)`;

/** Completed orders of the account aliased `alias`, as buyer or as seller (each side reads its own index). */
export function completedOrdersSql(alias: string): string {
  return `((SELECT count(*) FROM "order" o WHERE o.buyer_id = ${alias}.id AND o.status = 'completed')
         + (SELECT count(*) FROM "order" o WHERE o.seller_id = ${alias}.id AND o.status = 'completed'))`;
}
