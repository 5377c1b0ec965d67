import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { InjectDataSource } from '@nestjs/typeorm';
import { PreparedStatements } from '../database/prepared-statements';
import { ReadReplica } from '../database/read-replica';
import { DataSource } from 'typeorm';
import { formatMonthYear, formatNaira, landingPath, NO_RATINGS_YET, toSlug } from '@kasuwa/contracts';
import { NIGERIA_STATES } from '../modules/locations/nigeria-places';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { CacheService } from '../modules/cache/cache.service';
import { PRODUCT_CACHE_MS, productCacheTag } from '../modules/catalog/product-cache';
import { availabilityOf, PUBLIC_PAGE_STATUSES, SALE_COLUMNS, type SaleRow } from '../modules/catalog/product.mapper';
import { SellersService } from '../modules/reviews/sellers.service';
import { LandingPagesService } from './landing-pages.service';
import type { CategoryRow, ProductRow as ProductTableRow } from '../database/rows.generated';

export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** og:type: a listing is a product (the default), a shop page a profile, a landing page a website. */
  kind?: 'product' | 'profile' | 'website';
  /** schema.org data for search engines (a listing's Product with its Offer, and its breadcrumbs). */
  jsonLd?: object[];
  /** A sold listing's last sale (ISO): its page is gone (410) SOLD_PAGE_GONE_AFTER later (see pageMeta). */
  soldAt?: string | null;
  /** The page's HTTP status when it is not 200 (410: a listing sold long ago). */
  status?: number;
}

/** What a listing's structured data needs, read with its meta tags in one statement. */
interface ProductRow extends SaleRow {
  product_name: string;
  product_description: string;
  price_kobo: string;
  location: string;
  image: string | null;
  condition: string;
  seller: string;
  category: string | null;
  category_slug: string | null;
  parent: string | null;
  parent_slug: string | null;
  state_id: number | null;
}

/** Listing ids per child sitemap: the protocol's limit is 50,000 URLs (and 50 MB unzipped; a listing's line is ~100 bytes). */
export const SITEMAP_URLS = 50_000;
/** Rows read per statement while a child is written. */
const SITEMAP_PAGE = 5_000;
const SITEMAP_CACHE_MS = 60 * 60 * 1000;
const INFO_PAGES = ['/term-and-condition', '/privacy-policy', '/refund-policy', '/contact-us'];

/** JSON in a <script>: `<` escaped so no text can close the tag. */
const jsonLdTag = (data: object) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** schema.org's conditions for Kasuwa's (tokunbo and Nigerian-used are used goods). */
const SCHEMA_CONDITION: Record<string, string> = {
  brand_new: 'https://schema.org/NewCondition',
  foreign_used: 'https://schema.org/UsedCondition',
  nigerian_used: 'https://schema.org/UsedCondition',
};

/**
 * The Offer's availability. Sold: SoldOut (a classified's item does not come back the way a shop restocks). Reserved
 * (the last units held by a checkout not paid yet): LimitedAvailability, neither InStock (a shopper sent from a
 * search result could not buy it now) nor schema.org's Reserved ("not available"): the hold ends within
 * CHECKOUT_TTL_MINUTES, paid (then SoldOut) or not (on sale again), while a search engine keeps what it read for days;
 * an offer marked unavailable for days after a lapsed half-hour hold would hide a listing that is on sale.
 */
const SCHEMA_AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
} as const;

/** A listing as schema.org's Product with one Offer (Google's Product snippet: name, and offers with price and currency), and its breadcrumbs. */
function productJsonLd(base: string, url: string, image: string | null, p: ProductRow): object[] {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.product_name,
    description: String(p.product_description).slice(0, 500) || p.product_name,
    ...(image ? { image: [image] } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: (Number(p.price_kobo) / 100).toFixed(2),
      priceCurrency: 'NGN',
      availability: SCHEMA_AVAILABILITY[availabilityOf(p) ?? 'sold'],
      itemCondition: SCHEMA_CONDITION[p.condition] ?? 'https://schema.org/UsedCondition',
      areaServed: { '@type': 'Country', name: 'Nigeria' },
      seller: { '@type': 'Person', name: p.seller },
    },
  };
  // As the page shows them: Home › State › Category in State (its landing page) where both are known, else the category trail.
  const state = p.state_id === null ? undefined : NIGERIA_STATES.find((s) => s.id === p.state_id);
  const placed = state && p.category && p.category_slug ? { state, category: p.category, slug: p.category_slug } : null;
  const crumbs = [
    { name: 'Home', item: `${base}/` },
    ...(placed
      ? [
          { name: placed.state.name, item: `${base}/?stateId=${placed.state.id}` },
          { name: `${placed.category} in ${placed.state.name}`, item: `${base}${landingPath(toSlug(placed.state.name), placed.slug)}` },
        ]
      : [
          ...(p.parent && p.parent_slug ? [{ name: p.parent, item: `${base}/?category=${encodeURIComponent(p.parent_slug)}` }] : []),
          ...(p.category && p.category_slug
            ? [{ name: p.category, item: `${base}/?category=${encodeURIComponent(p.category_slug)}` }]
            : []),
        ]),
    { name: p.product_name, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.item })),
  };
  return [product, breadcrumbs];
}

/** The home page: the site and its search box (Google's sitelinks search box reads the SearchAction). */
function websiteJsonLd(base: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'Kasuwa',
    url: `${base}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${base}/?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What crawlers and link previews see: Open Graph / Twitter tags of listings and shops, the sitemap and robots.txt. Absolute URLs come from PUBLIC_URL. */
@Injectable()
export class SeoService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly cache: CacheService,
    private readonly replica: ReadReplica,
    private readonly prepared: PreparedStatements,
    private readonly sellers: SellersService,
    private readonly landings: LandingPagesService,
  ) {}

  /**
   * The meta tags of a server-answered storefront address: a listing's or a shop's; `missing` when the address names a
   * listing or shop that is not there (a 404); null for other pages.
   */
  async pageMeta(path: string): Promise<PageMeta | 'missing' | null> {
    const product = /^\/product\/(\d{1,9})\/?$/.exec(path);
    const seller = /^\/seller\/(\d{1,9})\/?$/.exec(path);
    if (!product && !seller) return null;
    const meta = product ? await this.productMeta(Number(product[1])) : await this.sellerMeta(Number(seller![1]));
    if (!meta) return 'missing';
    return this.isGone(meta) ? { ...meta, status: 410 } : meta;
  }

  /**
   * A sold listing's page answers 200 with its Offer SoldOut for SOLD_PAGE_GONE_AFTER (30 days by default) after its last
   * sale: its buyer comes back to it from the order, a shared link still says what it was, and a search engine learns
   * it is sold (and may show it so) instead of finding a dead page. After that it answers 410 Gone (the page still
   * shows the listing, marked Sold, to a person who follows an old link): a listing sold a month ago is no answer to
   * anybody's search, and 410 tells a crawler to drop it and stop coming back, where a 404 would be retried. Decided
   * per request from the sale's time (cached with the meta tags), never from a stored flag. A reserved listing is never gone.
   */
  private isGone(meta: PageMeta): boolean {
    return !!meta.soldAt && Date.now() - Date.parse(meta.soldAt) >= this.cfg.app.soldPageGoneAfter * 1000;
  }

  /** A shop's link preview: name, photo, rating ("No ratings yet" when none) and listing count, from one read of the counters. */
  async sellerMeta(id: number): Promise<PageMeta | null> {
    const s = await this.sellers.facts(id, this.replica);
    if (!s) return null;
    const base = this.cfg.app.publicUrl;
    const rating =
      s.rating.average === null
        ? NO_RATINGS_YET
        : `Rated ${s.rating.average.toFixed(1)} of 5 from ${s.rating.count} rating${s.rating.count === 1 ? '' : 's'}`;
    return {
      title: `${s.fullName} — shop on Kasuwa`,
      description: `${rating} · ${s.listings} listing${s.listings === 1 ? '' : 's'} on sale · Member since ${formatMonthYear(s.memberSince)}`,
      image: s.profileImage ? (s.profileImage.startsWith('/') ? `${base}${s.profileImage}` : s.profileImage) : null,
      url: `${base}/seller/${id}`,
      kind: 'profile',
    };
  }

  /** A listing page's meta tags, cached (tag product:<id>) since crawlers and link previews ask for the same pages often. */
  productMeta(id: number): Promise<PageMeta | null> {
    return this.cache.getOrSet(`seo:meta:${id}`, PRODUCT_CACHE_MS, () => this.readProductMeta(id), { tags: [productCacheTag(id)] });
  }

  private async readProductMeta(id: number): Promise<PageMeta | null> {
    const [p] = await this.prepared.replica<ProductRow>(
      `SELECT p.product_name, p.product_description, p.price_kobo, p.location, p.images->0->>'imageUrl' AS image, p.condition, p.quantity, p.status, ${SALE_COLUMNS},
              coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), 'Kasuwa seller') AS seller, c.category_name AS category, c.slug AS category_slug,
              pc.category_name AS parent, pc.slug AS parent_slug, p.state_id
         FROM product p JOIN app_user u ON u.id = p.user_id
         LEFT JOIN category c ON c.id = p.category_id LEFT JOIN category pc ON pc.id = c.parent_category_id
        WHERE p.id = $1 AND p.status = ANY($2)`,
      [id, PUBLIC_PAGE_STATUSES],
    );
    if (!p) return null;
    const availability = availabilityOf(p);
    const base = this.cfg.app.publicUrl;
    const url = `${base}/product/${id}`;
    const image = p.image ? (p.image.startsWith('/') ? `${base}${p.image}` : p.image) : null;
    return {
      title: `${p.product_name} — ${formatNaira(Number(p.price_kobo) / 100)} · Kasuwa`,
      description: `${availability === 'sold' ? 'Sold. ' : availability === 'reserved' ? 'Reserved. ' : ''}${formatNaira(Number(p.price_kobo) / 100)} in ${p.location}. ${String(p.product_description).slice(0, 150)}`,
      image,
      url,
      jsonLd: productJsonLd(base, url, image, p),
      soldAt: availability === 'sold' && p.sold_at ? new Date(p.sold_at).toISOString() : null,
    };
  }

  /** The app shell with the page's title and Open Graph tags put in its <head>. */
  injectMeta(html: string, m: PageMeta): string {
    const tags = [
      `<title>${esc(m.title)}</title>`,
      `<meta name="description" content="${esc(m.description)}">`,
      `<meta property="og:type" content="${m.kind ?? 'product'}">`,
      `<meta property="og:site_name" content="Kasuwa">`,
      `<meta property="og:title" content="${esc(m.title)}">`,
      `<meta property="og:description" content="${esc(m.description)}">`,
      `<meta property="og:url" content="${esc(m.url)}">`,
      m.image ? `<meta property="og:image" content="${esc(m.image)}">` : '',
      // A listing's photo is the card; a shop's square profile photo is a small one.
      `<meta name="twitter:card" content="${m.kind === 'profile' ? 'summary' : 'summary_large_image'}">`,
      `<meta name="twitter:title" content="${esc(m.title)}">`,
      `<meta name="twitter:description" content="${esc(m.description)}">`,
      m.image ? `<meta name="twitter:image" content="${esc(m.image)}">` : '',
      ...(m.jsonLd ?? []).map(jsonLdTag),
    ].join('');
    return html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${tags}</head>`);
  }

  /**
   * `/sitemap.xml`: a sitemap index (sitemaps.org), never a capped list. Its children: the pages (home, categories,
   * information pages), the landing pages with listings (SITEMAP_URLS to a child) and the listings cut by id into ranges of SITEMAP_URLS ids, so no child can pass the protocol's
   * 50,000 URLs and a listing stays in the same child for ever; a range with no listing on sale is left out. Each
   * range's lastmod is its newest change. Read from a replica where one is set, and kept for an hour (the index is a
   * grouped scan of every listing on sale).
   */
  /**
   * Every storefront page's canonical address, and the home page's WebSite with its SearchAction: filters, sorting
   * and paging show the same content reordered, so they canonicalise to the plain page (a category page keeps its
   * category, which is its content). A page whose meta tags carry their own URL uses it.
   */
  injectCanonical(html: string, url: string, m?: PageMeta | null): string {
    const base = this.cfg.app.publicUrl;
    const parsed = new URL(url, base);
    let canonical = m?.url ?? `${base}${parsed.pathname.replace(/\/+$/, '') || '/'}`;
    const category = parsed.searchParams.get('category');
    if (!m && parsed.pathname === '/' && category) canonical = `${base}/?category=${encodeURIComponent(category)}`;
    const website = parsed.pathname === '/' && !m ? jsonLdTag(websiteJsonLd(base)) : '';
    return html.replace('</head>', `<link rel="canonical" href="${esc(canonical)}">${website}</head>`);
  }

  async sitemapIndex(): Promise<string> {
    const base = this.cfg.app.publicUrl;
    const [ranges, landing] = await Promise.all([
      this.cache.getOrSet('seo:sitemap-ranges', SITEMAP_CACHE_MS, () =>
        this.replica.query<{ n: number; lastmod: string }[]>(
          `SELECT ((id - 1) / ${SITEMAP_URLS})::int AS n, max(updated_at) AS lastmod FROM product WHERE status = 'active' GROUP BY 1 ORDER BY 1`,
        ),
      ),
      this.landings.sitemapEntries(),
    ]);
    // The landing pages with listings, SITEMAP_URLS to a child in address order; each child's lastmod is its newest page's.
    const landingFiles = Array.from({ length: Math.ceil(landing.length / SITEMAP_URLS) }, (_, n) =>
      landing.slice(n * SITEMAP_URLS, (n + 1) * SITEMAP_URLS).reduce((m, e) => (e.lastmod > m ? e.lastmod : m), ''),
    );
    const entry = (name: string, mod?: string) =>
      `<sitemap><loc>${esc(`${base}/sitemaps/${name}`)}</loc>${mod ? `<lastmod>${new Date(mod).toISOString()}</lastmod>` : ''}</sitemap>`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('pages.xml.gz'),
      ...landingFiles.map((mod, n) => entry(`landing-pages-${n}.xml.gz`, mod)),
      ...ranges.map((r) => entry(`listings-${r.n}.xml.gz`, r.lastmod)),
      '</sitemapindex>',
      '',
    ].join('\n');
  }

  /**
   * One child of the index, gzipped as it is written: `pages.xml.gz`, `landing-pages-{n}.xml.gz` (the n-th
   * SITEMAP_URLS landing pages with listings) or `listings-{n}.xml.gz` (listings with ids
   * n × SITEMAP_URLS + 1 … (n + 1) × SITEMAP_URLS, read a page at a time so a 50,000-URL child never sits in memory).
   * Null for a name the index never gives.
   */
  sitemapChild(name: string): Readable | null {
    const listings = /^listings-(\d{1,5})\.xml\.gz$/.exec(name);
    const landing = /^landing-pages-(\d{1,5})\.xml\.gz$/.exec(name);
    if (name !== 'pages.xml.gz' && !listings && !landing) return null;
    const base = this.cfg.app.publicUrl;
    const url = (loc: string, mod?: Date | string) =>
      `<url><loc>${esc(loc)}</loc>${mod ? `<lastmod>${new Date(mod).toISOString()}</lastmod>` : ''}</url>\n`;
    const replica = this.replica;
    const db = this.db;
    const landings = this.landings;
    async function* xml(): AsyncGenerator<string> {
      yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      if (landing) {
        // A number past the last child is an empty urlset (valid), as a listings range with nothing left on sale is.
        const n = Number(landing[1]);
        const pages = (await landings.sitemapEntries()).slice(n * SITEMAP_URLS, (n + 1) * SITEMAP_URLS);
        for (let i = 0; i < pages.length; i += SITEMAP_PAGE)
          yield pages
            .slice(i, i + SITEMAP_PAGE)
            .map((e) => url(`${base}${e.path}`, e.lastmod))
            .join('');
      } else if (!listings) {
        yield url(`${base}/`);
        const cats = await db.query<Pick<CategoryRow, 'slug' | 'updated_at'>[]>(
          `SELECT slug, updated_at FROM category WHERE status = 'active' ORDER BY position`,
        );
        for (const c of cats) yield url(`${base}/?category=${encodeURIComponent(c.slug)}`, c.updated_at);
        for (const p of INFO_PAGES) yield url(`${base}${p}`);
      } else {
        const first = Number(listings[1]) * SITEMAP_URLS + 1;
        const last = first + SITEMAP_URLS - 1;
        for (let after = first - 1; ;) {
          const rows = await replica.query<Pick<ProductTableRow, 'id' | 'updated_at'>[]>(
            `SELECT id, updated_at FROM product WHERE status = 'active' AND id > $1 AND id <= $2 ORDER BY id LIMIT ${SITEMAP_PAGE}`,
            [after, last],
          );
          yield rows.map((p) => url(`${base}/product/${p.id}`, p.updated_at)).join('');
          if (rows.length < SITEMAP_PAGE) break;
          after = rows[rows.length - 1].id;
        }
      }
      yield '</urlset>\n';
    }
    return Readable.from(xml()).pipe(createGzip());
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /app.admin',
      'Disallow: /profile',
      'Disallow: /orders/',
      'Disallow: /payments/',
      `Sitemap: ${this.cfg.app.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
