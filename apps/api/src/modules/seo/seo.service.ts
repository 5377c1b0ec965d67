import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PreparedStatements } from '../../database/prepared-statements';
import { ReadReplica } from '../../database/read-replica';
import { DataSource } from 'typeorm';
import { formatMonthYear, formatNaira, NO_RATINGS_YET } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { CacheService } from '../cache/cache.service';
import { PRODUCT_CACHE_MS, productCacheTag } from '../catalog/product-cache';
import { SellersService } from '../reviews/sellers.service';

export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** og:type: a listing is a product (the default), a shop page a profile. */
  kind?: 'product' | 'profile';
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
    return meta ?? 'missing';
  }

  /** A shop's link preview: name, photo, rating ("No ratings yet" when none) and listing count, from one read of the counters. */
  async sellerMeta(id: number): Promise<PageMeta | null> {
    const s = await this.sellers.facts(id, this.replica);
    if (!s) return null;
    const base = this.cfg.app.publicUrl;
    const rating = s.rating.average === null ? NO_RATINGS_YET : `Rated ${s.rating.average.toFixed(1)} of 5 from ${s.rating.count} rating${s.rating.count === 1 ? '' : 's'}`;
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
    const [p] = await this.prepared.replica<{ product_name: string; product_description: string; price_kobo: string; location: string; image: string | null }>(
      `SELECT product_name, product_description, price_kobo, location, images->0->>'imageUrl' AS image FROM product WHERE id = $1 AND status = 'active'`,
      [id],
    );
    if (!p) return null;
    const base = this.cfg.app.publicUrl;
    return {
      title: `${p.product_name} — ${formatNaira(Number(p.price_kobo) / 100)} · Kasuwa`,
      description: `${formatNaira(Number(p.price_kobo) / 100)} in ${p.location}. ${String(p.product_description).slice(0, 150)}`,
      image: p.image ? (p.image.startsWith('/') ? `${base}${p.image}` : p.image) : null,
      url: `${base}/product/${id}`,
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
    ].join('');
    return html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${tags}</head>`);
  }

  async sitemap(): Promise<string> {
    const base = this.cfg.app.publicUrl;
    const cats: { slug: string; updated_at: Date }[] = await this.db.query(`SELECT slug, updated_at FROM category WHERE status = 'active' ORDER BY position`);
    const products: { id: number; updated_at: Date }[] = await this.db.query(
      `SELECT id, updated_at FROM product WHERE status = 'active' ORDER BY created_at DESC LIMIT 45000`,
    );
    const url = (loc: string, mod?: Date) => `<url><loc>${esc(loc)}</loc>${mod ? `<lastmod>${mod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const info = ['/term-and-condition', '/privacy-policy', '/refund-policy', '/contact-us'];
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url(`${base}/`),
      ...cats.map((c) => url(`${base}/?category=${c.slug}`, c.updated_at)),
      ...products.map((p) => url(`${base}/product/${p.id}`, p.updated_at)),
      ...info.map((p) => url(`${base}${p}`)),
      '</urlset>',
    ].join('\n');
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
