import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FormAnswer } from '#shared/form-answer.ts';
import { fixedPiece, JoinedBody, type PagePiece, type RenderedPage } from '../cache/public-reads.ts';

/** A public read's answer as the renderer takes it: status, JSON body and headers (a page's total, say). */
export interface PublicReadAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * What the server renderer (src/web/entry-server.tsx, built into dist/web-server) offers. The server
 * imports the built file by path at run time, never web source, so these shapes are restated here.
 */
interface WebRenderer {
  render(request: {
    url: string;
    publicUrl: string;
    shopName: string;
    currency: string;
    timeZone: string;
    read: (path: string) => Promise<PublicReadAnswer>;
    formAnswer?: FormAnswer;
    viewer?: PageViewer;
  }): Promise<{ status: number; locale: string; head: MarkupStretch[]; html: MarkupStretch[]; preloads: string; state: string }>;
  publicPages(): { path: string; lastModified?: string }[];
  pageRoute(url: string): PageRoute;
}

/** The page at an address as the server sorts it before rendering, from one match of the web app's routes. */
export interface PageRoute {
  /** The web app's route pattern (`/purchase/:id`), for /metrics; undefined for no page. */
  pattern: string | undefined;
  /** Whether it is drawn for its signed-in viewer rather than kept for everyone (decision 184). */
  forViewer: boolean;
}

/** A stretch of a page's markup or head; `fixed` when every page of its kind has the same text (a joined page's layout, its head). */
interface MarkupStretch {
  text: string;
  fixed?: true;
}

/** The signed-in viewer a page is drawn for (decision 184): their session answer, access token and reads as them. */
export interface PageViewer {
  session: { user: { email: string } };
  token: string;
  read: (path: string) => Promise<PublicReadAnswer>;
}

export interface PageSettings {
  publicUrl: string;
  shopName: string;
  currency: string;
  /** TIME_ZONE, written into every page for the dates the browser shows (R-LOCALE). */
  timeZone: string;
}

/** The built web app: its page template and, when it was built, the server renderer (R-SSR). */
export interface WebBuild {
  /**
   * Renders `url` into the template; without a renderer, the empty shell the browser fills in. With
   * `formAnswer`, the page shows a form the server answered (the sign-in form sent without JavaScript).
   */
  page(
    url: string,
    read: (path: string) => Promise<PublicReadAnswer>,
    log: FastifyBaseLogger,
    formAnswer?: FormAnswer,
    viewer?: PageViewer,
  ): Promise<RenderedPage>;
  /** When the web app was built: the last change of its fixed pages. */
  builtAt: Date;
  /** The fixed public pages and articles, for the sitemap. */
  publicPages(): { path: string; lastModified?: string }[];
  /** The page at `url`: its route pattern and whether it is drawn for its viewer. */
  pageRoute(url: string): PageRoute;
}

const SHOP_NAME_PLACEHOLDER = '__SHOP_NAME__';
const SHOP_TIME_ZONE_PLACEHOLDER = '__SHOP_TIME_ZONE__';
const SHOP_CURRENCY_PLACEHOLDER = '__SHOP_CURRENCY__';
const HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;
/**
 * The fonts of the text above the fold: Inter's first-paint subset (body) and Poppins 700's Latin file
 * (headings; decision 0038). Without the preload, an article's text reflowed when Inter arrived
 * (Lighthouse CLS 0.11 on a phone).
 */
const FIRST_PAINT_FONTS = /^(inter-first-paint-wght|poppins-latin-700-normal)-[\w-]+\.woff2$/;

/** Bangla pages' text face (R-LANGUAGES): preloaded by them, never by English pages. */
const BANGLA_TEXT_FONT = /^noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/;

const fontPreload = (file: string) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}" />`;

/** The files built into `webRoot`/assets whose names match `name`. */
function builtAssets(webRoot: string, name: RegExp): string[] {
  const assets = existsSync(join(webRoot, 'assets')) ? readdirSync(join(webRoot, 'assets')) : [];
  return assets.filter((file) => name.test(file));
}

/** The font files every page preloads, as built into `webRoot`/assets. */
export function firstPaintFonts(webRoot: string): string[] {
  return builtAssets(webRoot, FIRST_PAINT_FONTS);
}

/**
 * The page template as sent: the app's stylesheet inlined (a phone on a slow network would otherwise
 * wait one more round trip before the first paint; 17 KB compressed, R-BUDGETS keeps it small) and
 * the above-the-fold fonts preloaded. A disabled link names the stylesheet too: browsers do not fetch
 * it, and Vite's loader, seeing it, no longer asks for the file again when the app's code arrives (a
 * second copy cost a phone 18 KB and a full restyle of the page).
 */
function pageTemplate(webRoot: string, indexHtml: string): string {
  const stylesheet = indexHtml.match(STYLESHEET);
  const withStyles = stylesheet?.[1]
    ? indexHtml.replace(
        stylesheet[0],
        () =>
          `<style>${readFileSync(join(webRoot, stylesheet[1] ?? ''))
            .toString('utf8')
            .replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="${stylesheet[1]}" disabled />`,
      )
    : indexHtml;
  const preloads = firstPaintFonts(webRoot).map(fontPreload).join('\n    ');
  return withStyles.replace('<link rel="icon"', () => `${preloads}\n    <link rel="icon"`);
}

/**
 * The template cut, once, where a page puts its own parts, each fixed piece already UTF-8: a page is
 * then its few kilobytes of markup between copies of these bytes. Replacing into the template's string
 * copied and encoded its 145 KB of inline stylesheet for every page rendered: about 9 of a tracking
 * page's 15 ms on a miss (issue 40).
 */
interface TemplatePieces {
  /** Up to the page's language, inside `<html lang="`. */
  beforeLanguage: PagePiece;
  /** From after the language to where the page's head goes. */
  beforeHead: PagePiece;
  /** From after the head to where the page's markup goes. */
  beforeMarkup: PagePiece;
  /** From after the markup to where the page's state goes. */
  beforeState: PagePiece;
  end: PagePiece;
}

const ownPiece = (text: string): PagePiece => ({ bytes: Buffer.from(text) });
const templatePiece = (text: string) => fixedPiece(Buffer.from(text));

/**
 * The renderer's fixed markup (a joined page's layout and head, decision 189) as pieces made once, by
 * their text: a few dozen (per language and joined page), bounded all the same, as text a renderer marks
 * fixed by mistake must not grow the process; past the bound a text's piece is made again each time.
 */
function fixedMarkup(most = 256) {
  const made = new Map<string, PagePiece>();
  return (text: string): PagePiece => {
    const known = made.get(text);
    if (known) return known;
    const piece = templatePiece(text);
    if (made.size < most) made.set(text, piece);
    return piece;
  };
}

const LANGUAGE_ATTRIBUTE = '<html lang="';

function cutTemplate(template: string): TemplatePieces {
  const language = template.indexOf(LANGUAGE_ATTRIBUTE) + LANGUAGE_ATTRIBUTE.length;
  const head = template.match(HEAD);
  const markup = template.indexOf(MARKUP_MARK);
  const state = template.indexOf(STATE_MARK);
  if (language < LANGUAGE_ATTRIBUTE.length || head?.index === undefined || markup < 0 || state < 0) {
    throw new Error('index.html lost a mark the server renders into: <html lang, page-head, page-html or page-state');
  }
  const afterLanguage = template.indexOf('"', language);
  return {
    beforeLanguage: templatePiece(template.slice(0, language)),
    beforeHead: templatePiece(template.slice(afterLanguage, head.index)),
    beforeMarkup: templatePiece(template.slice(head.index + head[0].length, markup)),
    beforeState: templatePiece(template.slice(markup + MARKUP_MARK.length, state)),
    end: templatePiece(template.slice(state + STATE_MARK.length)),
  };
}

const MARKUP_MARK = '<!--page-html-->';
const STATE_MARK = '<!--page-state-->';

/** Where `vite build --ssr` puts the renderer of the web app built into `webRoot`. */
const rendererPath = (webRoot: string) => join(dirname(webRoot), 'web-server', 'entry-server.js');

/** The built web app in `webRoot`, or undefined when it was not built. */
export async function loadWebBuild(webRoot: string, settings: PageSettings): Promise<WebBuild | undefined> {
  const indexPath = join(webRoot, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const template = pageTemplate(webRoot, readFileSync(indexPath, 'utf8'))
    .replaceAll(SHOP_NAME_PLACEHOLDER, escapeHtml(settings.shopName))
    .replaceAll(SHOP_TIME_ZONE_PLACEHOLDER, escapeHtml(settings.timeZone))
    .replaceAll(SHOP_CURRENCY_PLACEHOLDER, escapeHtml(settings.currency));
  const shell = Buffer.from(template);
  const pieces = cutTemplate(template);
  const [banglaFont] = builtAssets(webRoot, BANGLA_TEXT_FONT);
  const path = rendererPath(webRoot);
  const renderer = existsSync(path) ? ((await import(pathToFileURL(path).href)) as WebRenderer) : undefined;
  const fixedPieceOf = fixedMarkup();
  const pieceOf = (stretch: MarkupStretch) => (stretch.fixed ? fixedPieceOf(stretch.text) : ownPiece(stretch.text));
  return {
    async page(url, read, log, formAnswer, viewer) {
      if (!renderer) return { status: 200, body: shell };
      const page = await renderer.render({ url, ...settings, read, formAnswer, viewer }).catch((error: unknown) => {
        // The browser can still render the page itself from the empty shell.
        log.error({ err: error, url }, 'could not render the page on the server; sent the empty shell');
        return undefined;
      });
      if (!page) return { status: 500, body: shell };
      const languageFont = page.locale === 'bn' && banglaFont ? `${fontPreload(banglaFont)}\n    ` : '';
      const joined = [
        pieces.beforeLanguage,
        ownPiece(page.locale),
        pieces.beforeHead,
        ...page.head.map(pieceOf),
        ownPiece(`\n    ${languageFont}${page.preloads}`),
        pieces.beforeMarkup,
        ...page.html.map(pieceOf),
        pieces.beforeState,
        ownPiece(page.state),
        pieces.end,
      ];
      return { status: page.status, body: new JoinedBody(joined) };
    },
    builtAt: statSync(indexPath).mtime,
    publicPages: () => renderer?.publicPages() ?? [],
    pageRoute: (url) => renderer?.pageRoute(url) ?? { pattern: undefined, forViewer: false },
  };
}
