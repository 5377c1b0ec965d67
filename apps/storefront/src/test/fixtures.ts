import type { Address, CheckoutQuote, DeliveryZone, ProductSeller, SellerRating } from '@kasuwa/contracts';
import { saveSession } from '../features/auth/session';

/** The location ids the tests' stand-in /api/locations answers with (the seeded ones). */
export const LAGOS = 25,
  FCT = 15,
  ETI_OSA = 250008,
  IKEJA = 250011,
  BWARI = 150003;

/** The buyer's saved default address in Eti Osa, Lagos. */
export const homeAddress: Address = {
  id: 7,
  stateId: LAGOS,
  stateName: 'Lagos',
  lgaId: ETI_OSA,
  lgaName: 'Eti Osa',
  street: '12 Admiralty Way',
  landmark: 'By the bank',
  phone: '+2348031234567',
  isDefault: true,
};

/** GET /api/checkout/quote: one seller (Kemi, ₦15,000 of goods) who reaches the address by seller delivery for ₦4,500. */
export const sellerDeliveryQuote = (zone: DeliveryZone, days: number): CheckoutQuote => ({
  data: {
    currency: 'NGN',
    sellers: [
      {
        sellerId: 4,
        sellerName: 'Kemi',
        goodsKobo: 1_500_000,
        pickupArea: null,
        payOnDeliveryRefusal: null,
        options: [{ method: 'seller_delivery', zone, feeKobo: 450_000, days }],
      },
    ],
  },
});

/** A listing's seller as the product endpoints embed it: Sade, a member since today, email verified. */
export const listingSeller = (rating: SellerRating = { average: null, count: 0, hidden: 0 }): ProductSeller => ({
  id: 3,
  fullName: 'Sade Adeyemi',
  profileImage: null,
  memberSince: new Date().toISOString(),
  whatsapp: null,
  rating,
  verified: { email: true, phone: false },
});

/** Signed in as Musa, the seller of the orders the order tests show. */
export const signInAsSeller = () =>
  saveSession('seller-token', { email: 'musa@kasuwa.test', fullName: 'Musa', profileImage: null, userId: 2 });

/** Signed in as Ada, their buyer. */
export const signInAsBuyer = () => saveSession('buyer-token', { email: 'ada@kasuwa.test', fullName: 'Ada', profileImage: null, userId: 1 });

/** Signed in as Ada Obi, the account whose profile, addresses and earnings the account tests show. */
export const signInAsAdaObi = () =>
  saveSession('user-token', { email: 'ada@kasuwa.test', fullName: 'Ada Obi', profileImage: null, userId: 1 });
