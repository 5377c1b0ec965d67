import { HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  landingHeading,
  landingName,
  type Category,
  type LandingPage,
  type MoneyRules,
  type ProductList,
  type ProductQuery,
  type Review,
  type SellerProfile,
} from '@kasuwa/contracts';
import { existsSync } from 'node:fs';
import type { ColorScheme } from '../color-scheme';
import { join, resolve } from 'node:path';
import { DomainError } from '../common/errors';
import { createValidationPipe } from '../common/validation';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { moneyRulesOf } from '../modules/money/money-rules.controller';
import { CategoriesService } from '../modules/catalog/categories.service';
import { ProductQueryDto } from '../modules/catalog/dto/product.dto';
import { ProductSearchService } from '../modules/catalog/product-search.service';
import { ProductsService } from '../modules/catalog/products.service';
import { ReviewsService } from '../modules/reviews/reviews.service';
import { SellersService } from '../modules/reviews/sellers.service';
import { LandingPagesService } from './landing-pages.service';
import { RenderPool } from './render-pool';
import { SeoService } from './seo.service';

/** The storefront's server build (apps/storefront/src/entry-server.tsx), as the API uses it. */
export interface SsrBundle {
  plan(
    url: string,
  ):
    | { page: 'home'; query: ProductQuery }
    | { page: 'product'; id: string }
    | { page: 'seller'; id: string; query: ProductQuery }
    | { page: 'landing'; path: string }
    | { page: 'static' }
    | null;
  queryKey(query: ProductQuery): string;
  /** The query of a landing page's listings for `url` (its sort and filters in the query string), as the page computes it. */
  landingQuery(page: LandingPage, url: string): ProductQuery;
  render(url: string, data: PageData, origin: string): Promise<{ status: number; html: string; head: string; data: string }>;
}

/** The storefront's InitialData: the same shapes as GET /api/category/categories, /api/products, /api/products/{id}, /api/sellers/{id}(/reviews). */
export interface PageData {
  now: number;
  /** The colours the page is rendered in: the browser hydrates it in the same ones. */
  colorMode: ColorScheme;
  /** GET /api/money/rules: every page may state a time limit (policy pages, FAQ). */
  moneyRules: MoneyRules;
  categories?: Category[];
  products?: { query: string; list: ProductList };
  product?: { id: string; detail: unknown };
  seller?: { id: string; profile: SellerProfile | null; reviews: Review[] };
  /** GET /api/landing-pages?path= for the address (null: no such page); its listings are `products`. */
  landing?: { path: string; page: LandingPage | null };
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Where a 301 points (an old spelling of a landing page's address). */
  location?: string;
}

export const SSR_ENTRY = join('storefront-ssr', 'entry-server.js');
const ROOT = '<div id="root"></div>';

/**
 * First views of the public pages rendered on the server: the listings (or the product) are in the HTML,
 * with the data embedded once for the browser to hydrate from. The data comes from the catalogue services
 * directly (never an HTTP call to ourselves). Without a server build, pages go out as the plain app shell. The
 * render itself runs in the render threads (SSR_WORKERS, render-pool.ts) when there are any, else on this thread.
 */
@Injectable()
export class PageRenderService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger(PageRenderService.name);
  private bundle: SsrBundle | null = null;
  private pool: RenderPool | null = null;
  private readonly query = createValidationPipe();

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly search: ProductSearchService,
    private readonly products: ProductsService,
    private readonly categories: CategoriesService,
    private readonly sellers: SellersService,
    private readonly reviews: ReviewsService,
    private readonly landings: LandingPagesService,
    private readonly seo: SeoService,
  ) {}

  onModuleInit(): void {
    const file = resolve(this.cfg.app.webDir ?? 'dist/apps', SSR_ENTRY);
    if (!existsSync(file)) return;
    try {
      this.bundle = require(file) as SsrBundle;
      if (this.cfg.scale.ssrWorkers > 0) this.pool = new RenderPool(file, this.cfg.scale.ssrWorkers);
    } catch (err) {
      this.log.warn(`storefront server build not loaded (${(err as Error).message}): pages go out as the app shell`);
    }
  }

  /** A process that serves pages starts its render threads with the app, not on its first visitor's page. */
  onApplicationBootstrap(): void {
    if (this.cfg.scale.servesHttp) this.pool?.warm();
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close();
  }

  get enabled(): boolean {
    return this.bundle !== null;
  }

  /** How many threads render pages (0: this one). */
  get renderThreads(): number {
    return this.pool?.size ?? 0;
  }

  /** The page rendered into `shell` in `scheme`, or null when the URL is not a server-rendered page (or there is no server build). */
  async render(url: string, shell: string, scheme: ColorScheme): Promise<RenderedPage | null> {
    const bundle = this.bundle;
    const plan = bundle?.plan(url);
    if (!bundle || !plan || !shell.includes(ROOT)) return null;
    const data: PageData = { now: Date.now(), colorMode: scheme, moneyRules: moneyRulesOf(this.cfg) };
    let landingTitle: { page: LandingPage; list: ProductList | null } | null = null;
    if (plan.page === 'landing') {
      // A category in a state or an LGA: moved (an old spelling: 301 with the query kept), missing (404), or its listings.
      const found = await this.landings.resolve(plan.path);
      if (found.kind === 'redirect') return { status: 301, html: '', location: found.path + url.slice(plan.path.length) };
      data.landing = { path: plan.path, page: found.kind === 'page' ? found.page : null };
      if (found.kind === 'page') {
        const query = bundle.landingQuery(found.page, url);
        const [list, categories] = await Promise.all([this.list(query), this.categories.listAll(true)]);
        data.categories = categories;
        if (list) data.products = { query: bundle.queryKey(query), list };
        landingTitle = { page: found.page, list };
      }
    } else if (plan.page === 'home') {
      const [list, categories] = await Promise.all([this.list(plan.query), this.categories.listAll(true)]);
      data.categories = categories;
      if (list) data.products = { query: bundle.queryKey(plan.query), list };
    } else if (plan.page === 'product') {
      const [detail, categories] = await Promise.all([this.product(plan.id), this.categories.listAll(true)]);
      data.categories = categories;
      data.product = { id: plan.id, detail };
    } else if (plan.page === 'seller') {
      // The shop (GET /api/sellers/{id}), its first reviews, and its listings for the query in the address (the shop's search).
      const profile = await this.seller(plan.id);
      data.seller = { id: plan.id, profile, reviews: profile ? (await this.reviews.forSeller(profile.id, 10, 0)).rows : [] };
      const list = profile ? await this.list(plan.query) : null;
      if (list) data.products = { query: bundle.queryKey(plan.query), list };
    }
    // Exactly what the API would have answered (dates as strings), for both the render and the browser.
    const json = JSON.stringify(data);
    const origin = this.cfg.app.publicUrl;
    const page = this.pool ? await this.pool.render(url, json, origin) : await bundle.render(url, JSON.parse(json) as PageData, origin);
    // A landing page's own title and description (its canonical link is its plain address, put in by the caller).
    const head = landingTitle ? this.landingMeta(shell, landingTitle.page, landingTitle.list) : shell;
    return {
      status: page.status,
      html: head.replace('</head>', `${page.head}</head>`).replace(ROOT, `<div id="root">${page.html}</div>${page.data}`),
    };
  }

  private landingMeta(shell: string, page: LandingPage, list: ProductList | null): string {
    const base = this.cfg.app.publicUrl;
    const image = list?.data.find((p) => p.productImages[0])?.productImages[0]?.imageUrl;
    const title = list?.meta ? landingHeading(page, list.meta.total, list.meta.totalIsEstimate) : landingName(page);
    return this.seo.injectMeta(shell, {
      title: `${title} · Kasuwa`,
      description: `Buy and sell ${page.category.name.toLowerCase()} in ${page.lga ? `${page.lga.name}, ` : ''}${page.state.name} on Kasuwa: new and used, from sellers near you.`,
      image: image ? (image.startsWith('/') ? `${base}${image}` : image) : null,
      url: `${base}${page.path}`,
      kind: 'website',
    });
  }

  /** GET /api/products for the home page's query, validated as the controller does; null (the browser asks) when it is not valid. */
  private async list(q: ProductQuery): Promise<ProductList | null> {
    let dto: ProductQueryDto;
    try {
      dto = await this.query.transform({ ...q }, { type: 'query', metatype: ProductQueryDto });
    } catch {
      return null;
    }
    return this.search.search(dto);
  }

  /** GET /api/sellers/{id}; null when there is no such shop (a deleted or suspended account has none). */
  private seller(id: string): Promise<SellerProfile | null> {
    return orNotFound(id, (n) => this.sellers.profile(n));
  }

  /** GET /api/products/{id} as an anonymous visitor sees it; null when it does not exist or is not public. */
  private product(id: string) {
    return orNotFound(id, (n) => this.products.getVisible(n));
  }
}

/** What the API answers for the id in the address, or null where it would answer 404. */
async function orNotFound<T>(id: string, read: (id: number) => Promise<T>): Promise<T | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  try {
    return await read(Number(id));
  } catch (err) {
    if (err instanceof DomainError && err.status === HttpStatus.NOT_FOUND) return null;
    throw err;
  }
}
