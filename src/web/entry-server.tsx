import { Writable } from 'node:stream';
import { setupI18n } from '@lingui/core';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, type RouteObject, StaticRouterProvider } from 'react-router';
import { messages as bnBlog } from '#locales/blog/bn.po';
import { messages as enBlog } from '#locales/blog/en.po';
import { messages as bnPages } from '#locales/pages/bn.po';
import { messages as enPages } from '#locales/pages/en.po';
import { messages as bnParcels } from '#locales/parcels/bn.po';
import { messages as enParcels } from '#locales/parcels/en.po';
import { messages as bnShared } from '#locales/shared/bn.po';
import { messages as enShared } from '#locales/shared/en.po';
import { messages as bnWeb } from '#locales/web/bn.po';
import { messages as enWeb } from '#locales/web/en.po';
import type { FormAnswer } from '#shared/form-answer.ts';
import { LOCALES, type Locale, localeOfPath, localePrefix, pathInLocale } from '#shared/locale.ts';
import { AppProviders } from './app/AppProviders.tsx';
import { PAGES, type PageHead, publicPages, signedInHead } from './app/page-head.ts';
import { CONTENT_MARK, type PagePart, PagePartContext } from './app/page-part.ts';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/routes.tsx';
import { routesByFirstSegment } from './app/routes-by-first-segment.ts';
import { type MissingAnswer, PAGE_STATE_ID, type PageState, reviveMissing } from './lib/page-state.ts';
import { queryKeys } from './lib/query-keys.ts';
import { setShopSettings } from './lib/shop.ts';
import { setShopTimeZone } from './lib/shop-time-zone.ts';

/**
 * The server's side of the web app, built by `vite build --ssr` into dist/web-server and loaded by the
 * Fastify process (src/server/http/web-build.ts) from there: the server never imports web source.
 */

/** A public read answered by the server itself (its cached /api routes), as the browser would see it. */
export type ReadPublic = (path: string) => Promise<{ status: number; body: unknown; headers: Record<string, string> }>;

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  publicUrl: string;
  shopName: string;
  currency: string;
  timeZone: string;
  read: ReadPublic;
  /** A form the server answered itself: the page shows its fields and messages again. */
  formAnswer?: FormAnswer;
  /** Who asked, for a page rendered for its viewer (decision 184): absent for everyone else's pages. */
  viewer?: Viewer;
}

/** The signed-in viewer of a page the server renders for them: their session, access token and reads. */
export interface Viewer {
  /** Better Auth's session answer, as `GET /api/auth/get-session` gives it to the browser. */
  session: { user: { email: string } };
  /** The access token `PUT /api/user/{email}` issued them (R-TOKEN), which the browser keeps. */
  token: string;
  /** A read of our API as the viewer: their bearer token sent. */
  read: ReadPublic;
}

/** A stretch of a page's markup; `fixed` when every page of its kind has it, the same text. */
export interface MarkupStretch {
  text: string;
  fixed?: true;
}

/** Stretches joined, as the browser gets them. */
export const wholeText = (stretches: readonly MarkupStretch[]) => stretches.map((stretch) => stretch.text).join('');

export interface RenderedPage {
  status: number;
  /** The page's language, for `<html lang>` (R-LANGUAGES). */
  locale: Locale;
  /**
   * Title, description, canonical, Open Graph, Twitter and JSON-LD tags, as stretches: a joined page's
   * are cut around its parameter, the rest marked `fixed` (decision 189).
   */
  head: MarkupStretch[];
  /**
   * The page's markup, for the #root element, as stretches: a joined page's layout stretches are the same
   * in every page of its kind, marked `fixed`, so the server compresses them once (decision 189).
   */
  html: MarkupStretch[];
  /** The `<link rel="preload">`s React wrote before the markup (a hero's picture): they belong in <head>. */
  preloads: string;
  /** A <script type="application/json"> with the answers the page was rendered with, for hydration. */
  state: string;
}

const routesFor = routesByFirstSegment(routes);
type StaticHandler = ReturnType<typeof createStaticHandler>;
const handlers = { en: new Map<RouteObject[], StaticHandler>(), bn: new Map<RouteObject[], StaticHandler>() } satisfies Record<
  Locale,
  unknown
>;
/**
 * The router of a page in its language (Bangla's under /bn, read without it, R-LANGUAGES), over only the
 * routes its path's first word allows: the router flattens and ranks its whole tree at every match, three
 * times a render, about 0.5 ms of a tracking page's miss over every route (issue 40). One per word, made once.
 */
function handlerFor(locale: Locale, path: string): StaticHandler {
  const tree = routesFor(path);
  let handler = handlers[locale].get(tree);
  if (!handler) {
    handler = createStaticHandler(tree, locale === 'bn' ? { basename: localePrefix('bn') } : undefined);
    handlers[locale].set(tree, handler);
  }
  return handler;
}
/**
 * The pages' messages in each language. English's shared and blog texts are the code's own ids, which the
 * browser shows as they are (src/web/lib/catalogue.ts); here they are compiled too, or Lingui would warn on
 * standard error at every English page that names a service (a 7-line warning per render, issue 40).
 */
const CATALOGUES = {
  en: { ...enShared, ...enBlog, ...enParcels, ...enPages, ...enWeb },
  bn: { ...bnShared, ...bnBlog, ...bnParcels, ...bnPages, ...bnWeb },
} satisfies Record<Locale, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON inside a <script> must not close it: `<` is written as its escape. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A public page names its address in each language, and English as the one for other readers
 * (`x-default`), so search engines show each reader their language's page (R-LANGUAGES).
 */
function alternateLinks(url: (path: string) => string, path: string): string[] {
  return [
    ...LOCALES.map(
      (locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(url(pathInLocale(locale, path)))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(path))}" />`,
  ];
}

function headTags(head: PageHead, request: PageRequest, locale: Locale, path: string): string {
  const url = (path: string) => new URL(path, `${request.publicUrl}/`).href;
  const image = url(head.image);
  const canonicalPath = pathInLocale(locale, path);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.index ? '' : '<meta name="robots" content="noindex" />',
    `<link rel="canonical" href="${escapeHtml(url(canonicalPath))}" />`,
    ...(head.index ? alternateLinks(url, path) : []),
    `<meta property="og:locale" content="${locale === 'bn' ? 'bn_BD' : 'en_US'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(request.shopName)}" />`,
    `<meta property="og:type" content="${head.type === 'article' ? 'article' : 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url(canonicalPath))}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    head.structuredData
      ? `<script type="application/ld+json">${scriptJson(head.structuredData(url, request.currency))}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The whole page once every lazy part is in (the footer's newsletter form loads on demand), so a
 * crawler gets all of it; renderToString would give up on those parts and leave them to the browser.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // Everything is ready before the first byte is written, so no part of the page is sent after it:
      // React would otherwise send a large section later and reveal it with an inline script, which the
      // page's CSP (script-src 'self', R-HEADERS) refuses, and hydration would then fail.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
  });
}

/** React's mark of a boundary it gave up on while rendering to a string, left for the browser to render. */
const LEFT_FOR_THE_BROWSER = '<!--$!-->';

/**
 * A page's own part rendered at once, as a string: its data is read and its code loaded before, so nothing
 * waits, and the stream's tasks, chunks and buffers were a tracking miss's cost for nothing (decision 189). A
 * part that does wait (React left a boundary for the browser) is rendered again whole, as every page is.
 */
async function renderedNow(element: ReactNode): Promise<string> {
  const html = renderToString(element);
  return html.includes(LEFT_FOR_THE_BROWSER) ? renderToHtml(element) : html;
}

/**
 * Renders one page with its data from the server's public reads (R-SSR); signed-in pages render as a shell.
 * `join: false` renders even a joined page whole: what the joined one is checked against.
 */
export async function render(request: PageRequest, join = true): Promise<RenderedPage> {
  setShopSettings(request);
  setShopTimeZone(request.timeZone);
  const fetchRequest = new Request(new URL(request.url, `${request.publicUrl}/`));
  const { locale, path } = localeOfPath(new URL(fetchRequest.url).pathname);
  const handler = handlerFor(locale, path);
  // Each page its own instance: requests in both languages render at once (decision 61).
  const i18n = setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] } });
  const context = await handler.query(fetchRequest);
  if (context instanceof Response) throw new Error('No route of the web app redirects on the server');

  const leaf = context.matches.at(-1);
  const definition = leaf ? PAGES[leaf.route.id] : undefined;
  const params = leaf?.params ?? {};
  const client = createQueryClient();
  if (request.formAnswer) client.setQueryData(queryKeys.formAnswer, request.formAnswer);
  const missing: MissingAnswer[] = [];
  const { viewer } = request;
  const viewerQueries = viewer && definition?.viewerQueries?.(viewer.session.user.email);
  if (viewer && viewerQueries) {
    client.setQueryData(queryKeys.session, viewer.session);
    client.setQueryData(queryKeys.accessToken(viewer.session.user.email), viewer.token);
  }
  const queries = [
    ...(definition?.queries?.(params, new URL(fetchRequest.url).searchParams) ?? []).map((query) => ({
      ...query,
      read: request.read,
    })),
    ...(viewer && viewerQueries ? viewerQueries.map((query) => ({ ...query, read: viewer.read })) : []),
  ];
  const answers = await Promise.all(queries.map(({ path, read }) => read(path)));
  // In the page's own order, whichever answer came first: the same page is the same bytes (and ETag).
  queries.forEach(({ key, data }, index) => {
    const answer = answers[index];
    if (answer?.status === 200) client.setQueryData(key, data ? data(answer) : answer.body);
    else if (answer) missing.push({ key, status: answer.status, body: answer.body });
  });
  // A page whose product is gone renders its "not found" state, as the browser would after its fetch.
  await reviveMissing(client, missing);

  const head = definition ? definition.head(params, (key) => client.getQueryData(key), i18n) : signedInHead(i18n);
  const page = (part: PagePart, pageContext = context) => (
    <StrictMode>
      <PagePartContext value={part}>
        <AppProviders client={client} i18n={i18n}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, pageContext)}
            context={pageContext}
            hydrate={false}
          />
        </AppProviders>
      </PagePartContext>
    </StrictMode>
  );
  const joined = join ? joinedPage(fetchRequest, leaf?.route.id, locale) : undefined;
  const { preloads, html } = joined
    ? await joined.markup(await renderedNow(page('content')), (layoutContext) => page('layout', layoutContext))
    : withoutPreloads(await renderToHtml(page('whole')));
  const headText = headTags(head, request, locale, path);
  const state: PageState = {
    queries: dehydrate(client),
    missing,
    ...(viewer && viewerQueries ? { accessToken: viewer.token } : {}),
  };
  // A read that failed on our side is not a missing page: crawlers are told to come back (503).
  const outage = missing.some((answer) => answer.status >= 500);
  return {
    status: outage ? 503 : head.status,
    locale,
    // A joined page's head names its parameter (its title, its addresses) and nothing else of its own: cut
    // around it, the rest is the same for every page of its kind, compressed once. Only a page found: its
    // parameter is then a real one (a parcel's code), never a word of the head's an address could be
    // chosen to cut it at, making new "fixed" stretches at will.
    head: joined && head.status === 200 ? withParameter(headText.split(joined.value), joined.value) : [{ text: headText }],
    html,
    preloads,
    state: `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(state)}</script>`,
  };
}

/**
 * The pages whose layout is rendered once per language and joined to each page's own part (decision 162):
 * the tracking page, asked for with a new code at every miss (issue 40), where the layout (navigation,
 * footer) was over half of the render. Its part uses no `useId`, whose ids follow the place in the tree;
 * entry-server.test.ts checks the joined page is the whole page, byte for byte.
 */
const JOINED_PAGES: Record<string, { param: string }> = { tracking: { param: 'trackingCode' } };
/** Stands for the page's parameter in the layout rendered once: the language switch names the page's path. */
const PARAMETER_STANDIN = 'PAGEPARAMETER0STANDIN';
/** What a parameter must be to be written into the layout as it is: the same in a path, encoded or not, and in HTML. */
const PLAIN_PARAMETER = /^[A-Za-z0-9]{1,40}$/;
/** A layout's markup before and after the page's part, each cut where the page's parameter goes. */
const layouts = new Map<string, Promise<{ preloads: string; before: string[]; after: string[] }>>();

type LayoutElement = (context: Exclude<Awaited<ReturnType<StaticHandler['query']>>, Response>) => ReactNode;

function joinedPage(request: Request, routeId: string | undefined, locale: Locale) {
  const joined = routeId ? JOINED_PAGES[routeId] : undefined;
  const url = new URL(request.url);
  const value = url.pathname.split('/').at(-1) ?? '';
  if (!joined || url.search || !PLAIN_PARAMETER.test(value)) return undefined;
  const markup = async (content: string, layout: LayoutElement) => {
    const key = `${locale}:${routeId}`;
    let parts = layouts.get(key);
    if (!parts) {
      parts = renderLayout(new URL(`${url.pathname.slice(0, -value.length)}${PARAMETER_STANDIN}`, url), locale, layout);
      layouts.set(key, parts);
      parts.catch(() => layouts.delete(key));
    }
    const { preloads, before, after } = await parts;
    return { preloads, html: [...withParameter(before, value), { text: content }, ...withParameter(after, value)] };
  };
  return { value, markup };
}

/** React writes the preloads of a page's images (the hero's LCP picture) before its markup. */
const LEADING_PRELOADS = /^(?:<link [^>]*\/>)+/;

/** A page's markup and the preloads React wrote before it, apart: cut once per layout for a joined page. */
function withoutPreloads(html: string): { preloads: string; html: [MarkupStretch] } {
  const preloads = html.match(LEADING_PRELOADS)?.[0] ?? '';
  return { preloads, html: [{ text: html.slice(preloads.length) }] };
}

/** Fixed stretches (a layout's, a head's) with the page's parameter between them. */
const withParameter = (stretches: string[], value: string): MarkupStretch[] =>
  stretches
    .flatMap((text, index): MarkupStretch[] => [...(index > 0 ? [{ text: value }] : []), { text, fixed: true }])
    .filter((stretch) => stretch.text !== '');

async function renderLayout(url: URL, locale: Locale, layout: LayoutElement) {
  const context = await handlerFor(locale, localeOfPath(url.pathname).path).query(new Request(url));
  if (context instanceof Response) throw new Error('No route of the web app redirects on the server');
  const {
    preloads,
    html: [{ text: html }],
  } = withoutPreloads(await renderToHtml(layout(context)));
  const mark = html.indexOf(CONTENT_MARK);
  if (mark < 0) throw new Error('The layout rendered alone has no mark where the page goes');
  return {
    preloads,
    before: html.slice(0, mark).split(PARAMETER_STANDIN),
    after: html.slice(mark + CONTENT_MARK.length).split(PARAMETER_STANDIN),
  };
}

/** Restated by the server, which never imports the web app's source (src/server/http/web-build.ts). */
export interface PageRoute {
  /** The route pattern as /metrics labels it; undefined for an address no page has. */
  pattern: string | undefined;
  /** Whether the page is drawn for its signed-in viewer (decision 184). */
  forViewer: boolean;
}

/**
 * The page at `url` as the server sorts it before rendering, from one match of its routes (a tracking
 * page's miss matched them twice for these, issue 40): its route pattern as /metrics labels it (R-METRICS),
 * `/blog/:slug` and under its language's prefix for Bangla (`/bn/blog/:slug`), undefined for an address
 * no page has; and whether it is drawn on the server for its signed-in viewer (decision 184), so the
 * server asks who they are.
 */
export function pageRoute(url: string): PageRoute {
  const { locale, path } = localeOfPath(new URL(url, 'http://page').pathname);
  const matches = matchRoutes(routesFor(path), path);
  const leaf = matches?.at(-1);
  const forViewer = Boolean(leaf?.route.id && PAGES[leaf.route.id]?.viewerQueries);
  if (!matches || leaf?.route.path === '*') return { pattern: undefined, forViewer };
  const pattern = `/${matches.map(({ route }) => route.path ?? '').join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  const prefix = localePrefix(locale);
  return { pattern: prefix && pattern === '/' ? prefix : `${prefix}${pattern}`, forViewer };
}

/**
 * Every page's route pattern in the route table, parameters as written (`/dashboard/parcels/:trackingCode`):
 * what a check over every page walks (tests/e2e/dashboard-widths.spec.ts), so a new page is in it at once.
 */
export function pagePatterns(list = routes, parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/{2,}/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...pagePatterns(route.children ?? [], path)];
  });
}

export { publicPages };
