import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { catalogueSearch, readCatalogueAddress } from '#shared/catalogue.ts';
import { MESSAGES } from '#shared/messages.ts';
import { plainDollars } from '#shared/money.ts';
import type { Product } from '#shared/product.ts';
import { REVIEW_TOTAL_HEADER, reviewPageOf, reviewPagePath } from '#shared/review-page.ts';
import { translated } from '#shared/translate.ts';
import { ARTICLES, articleIn, findArticle } from '#web/features/marketing/blog/articles.ts';
import { DELIVERY_FIGURES } from '#web/features/marketing/company.ts';
import { FIRST_HERO_SLIDE } from '#web/features/marketing/first-hero-slide.ts';
import { confirmationApiPath } from '#web/features/parcels/api/use-confirmation.ts';
import { quotePath, quoteSearch, readShipAddress } from '#web/features/parcels/api/use-quote.ts';
import { RIDER_RUN_PATH } from '#web/features/parcels/api/use-rider-run.ts';
import { trackingApiPath } from '#web/features/parcels/api/use-tracking.ts';
import { cataloguePath } from '#web/features/products/api/use-catalogue.ts';
import { relatedProductsPath } from '#web/features/products/api/use-related-products.ts';
import { adminStatusPath } from '#web/lib/admin-status.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { documentTitle, HOME_TITLE_WHAT, homeTitle } from '#web/lib/use-document-title.ts';

/** A public read the server answers before rendering a page, so its data is in the HTML (R-SSR). */
export interface PageQuery {
  key: readonly unknown[];
  path: string;
  /** What the page keeps under `key`, when it is not the answer's body as it is (a page and its total header). */
  data?: (answer: { body: unknown; headers: Record<string, string> }) => unknown;
}

/** What the server writes into a page's <head> and its status (R-SEO). */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** A path on this site; made absolute with PUBLIC_URL. */
  image: string;
  type: 'website' | 'article' | 'product';
  /** Signed-in pages and not-found answers stay out of search results. */
  index: boolean;
  /** schema.org objects, written as JSON-LD; `url(path)` makes a path absolute. */
  structuredData?: (url: (path: string) => string, currency: string) => object;
}

interface PageDefinition {
  /** `search`: the page address's parameters, for a page whose data depends on them (the catalogue). */
  queries?: (params: Record<string, string | undefined>, search: URLSearchParams) => PageQuery[];
  /**
   * A signed-in page the server renders for its viewer (decision 184): the reads made as the viewer whose
   * session cookie asked, after their session and access token. Without a session the page is the shell.
   */
  viewerQueries?: (email: string) => PageQuery[];
  /** `i18n`: the page's language, which its title and description are written in (R-LANGUAGES). */
  head: (params: Record<string, string | undefined>, data: (key: readonly unknown[]) => unknown, i18n: I18n) => PageHead;
}

const DEFAULT_IMAGE = `${FIRST_HERO_SLIDE.image}-1600.webp`;
/** Search engines show about 155 characters of a description. */
const DESCRIPTION_LENGTH = 155;

/** Cuts at the last whole word that fits, so a description never ends mid-word. */
function summary(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

const page = (title: string | undefined, description: string, extra: Partial<PageHead> = {}): PageHead => ({
  status: 200,
  title: documentTitle(title),
  description,
  image: DEFAULT_IMAGE,
  type: 'website',
  index: true,
  ...extra,
});

const notFound = (title: string, i18n: I18n): PageHead =>
  page(title, i18n._(msg`The page you are looking for was moved, removed or never existed.`), { status: 404, index: false });

/** Pages behind sign-in render as a shell that the browser fills in; their head is the shop's. */
export const signedInHead = (i18n: I18n): PageHead =>
  page(undefined, i18n._(msg`Your orders, payments and profile.`), { index: false });

const districts = DELIVERY_FIGURES.districts;

/** The public pages by route id (src/web/app/routes.tsx): what data they show and what their head says. */
export const PAGES: Record<string, PageDefinition> = {
  home: {
    queries: () => [
      { key: queryKeys.products, path: '/api/home' },
      {
        key: queryKeys.reviewPage(1, DISPLAY_LIMITS.testimonialsPageSize),
        path: reviewPagePath(1, DISPLAY_LIMITS.testimonialsPageSize),
        data: (answer) => reviewPageOf(answer.body, answer.headers[REVIEW_TOTAL_HEADER]),
      },
    ],
    head: (_params, _data, i18n) =>
      page(
        undefined,
        i18n._(
          msg`Freight and parcel delivery to all ${districts} districts, and the tech products businesses run on, ordered and tracked online.`,
        ),
        {
          title: homeTitle(i18n._(HOME_TITLE_WHAT)),
          structuredData: (url) => ({
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: SHOP_NAME,
            url: url('/'),
            logo: url('/favicon.svg'),
          }),
        },
      ),
  },
  blog: {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Blog`),
        i18n._(msg`Practical advice on packing, delivery and cash-on-delivery payouts from the ${SHOP_NAME} team.`),
      ),
  },
  article: {
    head: ({ slug }, _data, i18n) => {
      const found = findArticle(slug);
      if (!found) return notFound(i18n._(msg`Article not found`), i18n);
      const article = articleIn(found, i18n);
      return page(article.title, summary(article.paragraphs[0] ?? article.title), {
        image: article.image,
        type: 'article',
        structuredData: (url) => ({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: article.title,
          datePublished: article.date,
          author: { '@type': 'Person', name: article.author },
          image: url(article.image),
          mainEntityOfPage: url(`/blog/${article.slug}`),
          publisher: { '@type': 'Organization', name: SHOP_NAME },
        }),
      });
    },
  },
  about: {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`About`),
        i18n._(
          msg`${SHOP_NAME} moves parcels, pallets and containers to every district and sells the tech products business customers run on.`,
        ),
      ),
  },
  newsletter: {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Newsletter`),
        i18n._(msg`Delivery tips, new services and seasonal offers from ${SHOP_NAME}, once a month.`),
      ),
  },
  ship: {
    queries: (_params, search) => {
      const { query } = readShipAddress(search);
      return query ? [{ key: queryKeys.quote(quoteSearch(query)), path: quotePath(query) }] : [];
    },
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Send a parcel`),
        i18n._(
          msg`Instant prices for same-day, express, standard, cargo and premium delivery to all ${districts} districts. Book online and print the label.`,
        ),
      ),
  },
  track: {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Track a parcel`),
        i18n._(msg`Where is my parcel? Type its tracking code, or the shop's invoice number and your phone, to see every step.`),
      ),
  },
  // A recipient's link (R-CONFIRM-BEFORE-PICKUP): theirs alone, never in search results.
  confirm: {
    queries: ({ token = '' }) => [{ key: queryKeys.confirmation(token), path: confirmationApiPath(token) }],
    head: ({ token = '' }, data, i18n) => {
      if (!data(queryKeys.confirmation(token))) return notFound(i18n._(msg`Link not found`), i18n);
      return page(i18n._(msg`Confirm your parcel`), i18n._(msg`Confirm your parcel, or correct its address or phone.`), {
        index: false,
      });
    },
  },
  tracking: {
    queries: ({ trackingCode = '' }) => [{ key: queryKeys.tracking(trackingCode), path: trackingApiPath(trackingCode) }],
    head: ({ trackingCode = '' }, data, i18n) => {
      if (!data(queryKeys.tracking(trackingCode))) return notFound(i18n._(msg`Parcel not found`), i18n);
      // Indexable like every public page (decision 63): it shows nothing personal, and no page or
      // sitemap links a code, so a crawler never comes to one.
      return page(i18n._(msg`Track ${trackingCode}`), i18n._(msg`Where this parcel is, and every step so far.`));
    },
  },
  // The rider's run opens on a cheap phone on a slow network (issue 43): drawn on the server with the
  // run, rather than after four requests one after another in the browser (decision 184).
  'rider-run': {
    viewerQueries: (email) => [
      { key: queryKeys.adminCheck(email), path: adminStatusPath(email) },
      { key: queryKeys.riderRun, path: RIDER_RUN_PATH },
    ],
    head: (_params, _data, i18n) => page(i18n._(msg`My run`), i18n._(msg`Your orders, payments and profile.`), { index: false }),
  },
  login: {
    head: (_params, _data, i18n) =>
      page(i18n._(msg`Login`), i18n._(msg`Sign in to ${SHOP_NAME} to order products, pay and follow your orders.`)),
  },
  'phone-login': {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Login with your mobile number`),
        i18n._(msg`Sign in to ${SHOP_NAME} with a code sent to your phone by text.`),
      ),
  },
  'phone-signup': {
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Sign up with your mobile number`),
        i18n._(msg`Create a ${SHOP_NAME} account with your mobile number: no password, a code by text.`),
      ),
  },
  'forgot-password': {
    head: (_params, _data, i18n) =>
      page(i18n._(msg`Reset your password`), i18n._(msg`Ask ${SHOP_NAME} for a link to choose a new password.`)),
  },
  signup: {
    head: (_params, _data, i18n) =>
      page(i18n._(msg`Sign up`), i18n._(msg`Create a ${SHOP_NAME} account to order products and follow your deliveries.`)),
  },
  catalogue: {
    queries: (_params, search) => {
      const query = catalogueSearch(readCatalogueAddress(search));
      return [
        { key: queryKeys.catalogue(query), path: cataloguePath(query) },
        { key: queryKeys.categories, path: '/api/categories' },
      ];
    },
    head: (_params, _data, i18n) =>
      page(
        i18n._(msg`Products`),
        i18n._(
          msg`Search every laptop, monitor, router, headset and accessory ${SHOP_NAME} sells, by category, price and stock.`,
        ),
      ),
  },
  purchase: {
    queries: ({ id = '' }) => [
      { key: queryKeys.product(id), path: `/api/purchase/${encodeURIComponent(id)}` },
      { key: queryKeys.relatedProducts(id), path: relatedProductsPath(id) },
      { key: queryKeys.categories, path: '/api/categories' },
    ],
    head: ({ id = '' }, data, i18n) => {
      const product = data(queryKeys.product(id)) as Product | undefined;
      if (!product) return notFound(i18n._(msg`Product not found`), i18n);
      return page(product.name, summary(product.description), {
        image: product.picture,
        type: 'product',
        structuredData: (url, currency) => ({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description: product.description,
          image: url(product.picture),
          sku: product._id,
          offers: {
            '@type': 'Offer',
            url: url(`/purchase/${product._id}`),
            price: plainDollars(product.price),
            priceCurrency: currency.toUpperCase(),
            availability: `https://schema.org/${product.availableQuantity > 0 ? 'InStock' : 'OutOfStock'}`,
          },
        }),
      });
    },
  },
  'not-found': { head: (_params, _data, i18n) => notFound(translated(i18n, MESSAGES.pageNotFound), i18n) },
};

/** The public pages a sitemap lists besides the products (R-SEO): fixed pages and every article, with their dates. */
export function publicPages(): { path: string; lastModified?: string }[] {
  return [
    { path: '/' },
    {
      path: '/blog',
      lastModified: ARTICLES.map((article) => article.date)
        .sort()
        .at(-1),
    },
    ...ARTICLES.map((article) => ({ path: `/blog/${article.slug}`, lastModified: article.date })),
    { path: '/about' },
    { path: '/ship' },
    { path: '/track' },
    { path: '/products' },
    { path: '/login' },
    { path: '/signup' },
  ];
}
