import { koboToNaira, type Product } from '@kasuwa/contracts';
import type { StoredImage } from '../catalog/entities/product.entity';

/**
 * The catalogue's public product shape, read straight from SQL (alias `p` = product, `u` = its seller).
 * Kept in step with the `Product` contract, so the cart shows a product exactly as the product pages do.
 */
export const PRODUCT_VIEW_COLUMNS = `
  p.id AS p_id, p.product_name, p.product_description, p.price_kobo, p.currency, p.location, p.category_id, p.quantity AS p_quantity,
  p.product_type, p.status AS p_status, p.images, p.created_at AS p_created_at, p.updated_at AS p_updated_at, p.user_id AS p_user_id,
  u.first_name AS seller_first_name, u.last_name AS seller_last_name, u.email AS seller_email,
  u.profile_image AS seller_image, u.created_at AS seller_since, u.contact_channels->>'WhatsApp' AS seller_whatsapp`;

export interface ProductViewRow {
  p_id: number;
  product_name: string;
  product_description: string;
  price_kobo: string | number;
  currency: 'NGN';
  location: string;
  category_id: number | null;
  p_quantity: number;
  product_type: Product['productType'];
  p_status: Product['productStatus'];
  images: StoredImage[] | null;
  p_created_at: Date;
  p_updated_at: Date;
  p_user_id: number;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_email: string;
  seller_image: string | null;
  seller_since: Date;
  seller_whatsapp: string | null;
}

export function toPublicProduct(r: ProductViewRow): Product {
  const fullName = [r.seller_first_name, r.seller_last_name].filter(Boolean).join(' ') || r.seller_email.split('@')[0];
  return {
    id: r.p_id,
    productName: r.product_name,
    productPrice: koboToNaira(Number(r.price_kobo)),
    productCurrency: r.currency,
    productDescription: r.product_description,
    productLocation: r.location,
    productCategoryID: r.category_id,
    productQuantity: r.p_quantity,
    productType: r.product_type,
    productStatus: r.p_status,
    productImages: (r.images ?? []).map(({ imageUrl, thumbnailUrl, originalUrl }) => ({ imageUrl, thumbnailUrl, originalUrl })),
    // A block reason is for the listing's seller, not for buyers' carts.
    blockReason: null,
    createdAt: new Date(r.p_created_at).toISOString(),
    updatedAt: new Date(r.p_updated_at).toISOString(),
    userID: r.p_user_id,
    user: {
      id: r.p_user_id,
      fullName,
      profileImage: r.seller_image,
      memberSince: new Date(r.seller_since).toISOString(),
      whatsapp: r.seller_whatsapp || null,
    },
  };
}
