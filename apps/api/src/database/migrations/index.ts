import { Accounts1763800000000 } from './1763800000000-accounts';
import { Catalogue1763800001000 } from './1763800001000-catalogue';
import { Buying1763800002000 } from './1763800002000-buying';
import { Contact1763800003000 } from './1763800003000-contact';
import { SearchSynonyms1763800010000 } from './1763800010000-search-synonyms';
import { ProductCondition1763800011000 } from './1763800011000-product-condition';
import { Favourites1763800030000 } from './1763800030000-favourites';
import { SellerCounters1763800040000 } from './1763800040000-seller-counters';
import { Money1764070000001 } from './1764070000001-money';
import { CatalogueVersion1764020000001 } from './1764020000001-catalogue-version';
import { Locations1764030000001 } from './1764030000001-locations';
import { Reviews1764080000001 } from './1764080000001-reviews';
import { Notifications1764080000002 } from './1764080000002-notifications';
import { Reports1764080000003 } from './1764080000003-reports';
import { Chat1764080000004 } from './1764080000004-chat';
import { SavedSearches1764080000005 } from './1764080000005-saved-searches';
import { SearchOutbox1764060000001 } from './1764060000001-search-outbox';
import { ReviewCatalogueVersion1764090000001 } from './1764090000001-review-catalogue-version';
import { MoneyPayoutsPhotos1764100000001 } from './1764100000001-money-payouts-photos';
import { RefundRequests1764110000001 } from './1764110000001-refund-requests';
import { CategoryPlaceIndex1764120000001 } from './1764120000001-category-place-index';
import { SearchPlaceIndex1764130000001 } from './1764130000001-search-place-index';
import { PriceCoverIndex1764140000001 } from './1764140000001-price-cover-index';
import { MoneyExactlyOnce1764150000001 } from './1764150000001-money-exactly-once';
import { VerifiedPeople1764160000001 } from './1764160000001-verified-people';
import { AccountableStaff1764170000001 } from './1764170000001-accountable-staff';
import { ReportWeight1764180000001 } from './1764180000001-report-weight';
import { StepUp1764185000001 } from './1764185000001-step-up';
import { ChatWarningsRisk1764210000001 } from './1764210000001-chat-warnings-risk';
import { OneOpenOffer1764230000001 } from './1764230000001-one-open-offer';
import { OrderHandover1764200000001 } from './1764200000001-order-handover';
import { MoneyClock1764190000001 } from './1764190000001-money-clock';
import { RefundNeedsAttention1764220000001 } from './1764220000001-refund-needs-attention';
import { DeliveryPlaces1764240000001 } from './1764240000001-delivery-places';
import { OrderTracking1764250000005 } from './1764250000005-order-tracking';
import { OrderShippedAt1764260000001 } from './1764260000001-order-shipped-at';
import { CategoryOldSlugs1764260000021 } from './1764260000021-category-old-slugs';
import { PayOnDelivery1764265000001 } from './1764265000001-pay-on-delivery';
import { CategoryAttributes1764270000001 } from './1764270000001-category-attributes';
import { SimilarListings1764275000001 } from './1764275000001-similar-listings';
import { TitleWords1764280000001 } from './1764280000001-title-words';

/** Every migration, in order. Listed explicitly so the compiled app and jest load the same set. */
export const migrations = [
  Accounts1763800000000,
  Catalogue1763800001000,
  Buying1763800002000,
  Contact1763800003000,
  SearchSynonyms1763800010000,
  ProductCondition1763800011000,
  Favourites1763800030000,
  SellerCounters1763800040000,
  CatalogueVersion1764020000001,
  Locations1764030000001,
  SearchOutbox1764060000001,
  Money1764070000001,
  Reviews1764080000001,
  Notifications1764080000002,
  Reports1764080000003,
  Chat1764080000004,
  SavedSearches1764080000005,
  ReviewCatalogueVersion1764090000001,
  MoneyPayoutsPhotos1764100000001,
  RefundRequests1764110000001,
  CategoryPlaceIndex1764120000001,
  SearchPlaceIndex1764130000001,
  PriceCoverIndex1764140000001,
  MoneyExactlyOnce1764150000001,
  VerifiedPeople1764160000001,
  AccountableStaff1764170000001,
  ReportWeight1764180000001,
  StepUp1764185000001,
  MoneyClock1764190000001,
  OrderHandover1764200000001,
  ChatWarningsRisk1764210000001,
  RefundNeedsAttention1764220000001,
  OneOpenOffer1764230000001,
  DeliveryPlaces1764240000001,
  OrderTracking1764250000005,
  OrderShippedAt1764260000001,
  CategoryOldSlugs1764260000021,
  PayOnDelivery1764265000001,
  CategoryAttributes1764270000001,
  SimilarListings1764275000001,
  TitleWords1764280000001,
];
