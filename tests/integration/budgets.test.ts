import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT } from '#server/app.ts';
import { firstPaintFonts } from '#server/http/web-build.ts';

/**
 * The home page's weight budgets (R-BUDGETS): what a phone downloads before the page is idle, gzip
 * sizes of the built files. Read from Vite's manifest, so no timing or browser is involved.
 */
/**
 * JavaScript: 120 KB and the 1 KB issue 26 spent: 512 bytes on what the home grid shows (each card links
 * its picture and name to its page, says a minimum above one, and prices carry thousands marks), 512 on
 * the footer's newsletter box working without JavaScript (a POST answered on /newsletter, decision 50);
 * and the 5 KB issue 27 spent on the pages in two languages (decision 61): Lingui's runtime, the
 * language switcher and the offer of the Bangla page, the formatter of prices and counts in the page's
 * language, the English rules' messages found again in a Bangla page. Its catalogues count below.
 * And the 1 KB issue 28 spent on parcels: the router's table knows five more pages (send a parcel, book,
 * My Parcels, a parcel, the rates), the delivery strip's "Get a price" links, and the API client's
 * Idempotency-Key and raw bodies (the rate card's CSV).
 * And the 1 KB issue 29 spends there: the router's table knows eight more pages (the tracking form and
 * a parcel's tracking, the scan screen, the rider's run, operations, their staff guards), 130,129 bytes
 * measured.
 * And the 1 KB issue 40 spends: the router's table knows the admins' Parcels page, the query keys of the
 * lists that page by keyset, and TanStack Query's paged query the payout lists use joins the framework
 * (131,425 bytes measured).
 * And the 1 KB issues 41 and 42 spend: the router's table knows the sign-in and sign-up by mobile number,
 * the navbar names an account made with a phone by its number, and a page's own part can be rendered apart
 * from its layout (decision 162) (132,217 bytes measured).
 * CSS: 25 KB and the 1 KB of issue 27's fonts (the Bangla pages' faces, the English pages' Bengali
 * letters) and their selectors.
 */
const BUDGET_BYTES = { js: 130 * 1024, css: 26 * 1024, firstPaintFonts: 32 * 1024 };
/**
 * Each language's home page loads the app's code and its language's catalogues (R-LANGUAGES, decision
 * 61), never the other language's: the code grew by Lingui's runtime (2 KB), English by its `web`
 * catalogue (6 KB) and Bangla by its `web` and `shared` ones (13 KB: Bangla takes three bytes a letter
 * before compression, and the rules' messages are no longer the code's own); each 1 KB more with issue
 * 28's code above. English 1 KB more with issue 29: the route table every page loads holds the
 * tracking, scan and rider pages (136,215 bytes measured), and then Bangla too, with the operations
 * page (143,400 bytes measured). Bangla 1 KB more with issue 39: the shared catalogue holds the rules'
 * new messages (a name's length, cash on delivery for merchants, the booking and key limits; 6,260 → 6,571
 * bytes compressed) and the route table the courier admin pages' own guard (144,888 bytes measured).
 * Each 1 KB more with issue 40's code above, and Bangla's shared catalogue its new messages (English 137,593
 * and Bangla 145,768 bytes measured).
 * Each 1 KB more with issues 41 and 42's code above and the `web` catalogue's "Use your mobile number", and
 * Bangla's shared catalogue the stores' and the sandbox's rules (English 138,469 and Bangla 147,288 bytes
 * measured).
 * Bangla 1 KB more with issue 44: the route table holds the recipient's confirmation page (`/c/{token}`) and
 * the query keys of the confirmation, the recipient's record and the weekly outcomes (Bangla 147,512 bytes
 * measured; English 135.4 KB, within; the features' own words are in the `parcels` and `pages` catalogues).
 */
const LANGUAGE_BUDGET_BYTES = { en: 136 * 1024, bn: 145 * 1024 };
const HOME_CATALOGUES = { en: ['../locales/web/en.po'], bn: ['../locales/web/bn.po', '../locales/shared/bn.po'] };
/** The home page's route module (src/web/app/routes.tsx); the browser loads it before hydrating. */
const HOME_ROUTE = 'app/routes/HomeRoute.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const webRoot = process.env.TEST_WEB_ROOT || DEFAULT_WEB_ROOT;
const manifestPath = join(webRoot, '.vite', 'manifest.json');
const readManifest = () => JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

/**
 * The files a page whose route module is `route` loads before it is idle: the entry, the app's start,
 * the route and everything they import statically, with their styles. Dynamic imports (the hero's slider, the
 * sections below the fold, toasts) load once the browser is idle, so they are not counted.
 */
function pageFiles(manifest: Record<string, ManifestChunk>, route: string): { js: string[]; css: string[] } {
  const entry = entryKey(manifest);
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  // The entry's only dynamic import is the app's start (src/web/app/start.tsx, in the shared file),
  // asked for right after the first paint (R-FIRST-PAINT).
  for (const started of manifest[entry]?.dynamicImports ?? []) visit(started);
  visit(route);
  return { js: [...seen].map((key) => manifest[key]?.file ?? ''), css: [...css] };
}

/**
 * The manifest's key of the script every page loads, as index.html names it (the entry shares its
 * file with Vite's import helper, so the manifest lists it as a shared chunk, not `isEntry`).
 */
function entryKey(manifest: Record<string, ManifestChunk>): string {
  const file = readFileSync(join(webRoot, 'index.html'), 'utf8').match(/<script type="module"[^>]* src="\/([^"]+)"/)?.[1];
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
  if (!key) throw new Error(`index.html's script ${file} is not in the manifest`);
  return key;
}

const gzipBytes = (files: string[]) =>
  files.reduce((total, file) => total + gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length, 0);

describe('budgets', () => {
  it('the web app has been built with its manifest', () => {
    expect(existsSync(manifestPath), `${manifestPath} is missing: run "npm run build"`).toBe(true);
  });

  it.runIf(existsSync(manifestPath))(
    'the home page loads at most 130 KB of JavaScript (its code) and 26 KB of CSS, gzip, before it is idle',
    () => {
      const manifest = readManifest();
      expect(manifest[HOME_ROUTE], `${HOME_ROUTE} is not in the manifest`).toBeDefined();
      expect(manifest[entryKey(manifest)]?.dynamicImports, "the entry imports the app's start").toHaveLength(1);
      const files = pageFiles(manifest, HOME_ROUTE);
      const js = gzipBytes(files.js);
      const css = gzipBytes(files.css);
      const report = `JS ${(js / 1024).toFixed(1)} KB in ${files.js.length} files, CSS ${(css / 1024).toFixed(1)} KB`;
      expect(js, report).toBeLessThanOrEqual(BUDGET_BYTES.js);
      expect(css, report).toBeLessThanOrEqual(BUDGET_BYTES.css);
      // Forms, zod, Stripe, the slider and the dashboard load only where they are used (R-BUDGETS).
      const loaded = files.js.map((file) => readFileSync(join(webRoot, file), 'utf8')).join('\n');
      // The catalogue page's words are in the page's catalogue, not in its code: the code's marker is its sort box.
      expect(loaded.includes('price-desc'), 'the catalogue page is loaded by the home page').toBe(false);
      for (const [library, marker] of [
        ['zod', 'ZodError'],
        ['swiper', 'swiper-wrapper'],
        ['react-hook-form', 'useFormContext'],
        ['Stripe.js', 'js.stripe.com'],
      ] as const) {
        expect(loaded.includes(marker), `${library} is loaded by the home page`).toBe(false);
      }
    },
  );

  it.runIf(existsSync(manifestPath))(
    'each language’s home page loads its own catalogues within its budget, and none of the other language’s messages',
    () => {
      const manifest = readManifest();
      const code = pageFiles(manifest, HOME_ROUTE).js;
      const catalogue = (key: string) => {
        const file = manifest[key]?.file;
        if (!file) throw new Error(`${key} is not in the manifest`);
        return file;
      };
      const reports: string[] = [];
      for (const language of ['en', 'bn'] as const) {
        const catalogues = HOME_CATALOGUES[language].map(catalogue);
        const js = gzipBytes([...code, ...catalogues]);
        reports.push(
          `${language}: JS ${(js / 1024).toFixed(1)} KB, of which catalogues ${(gzipBytes(catalogues) / 1024).toFixed(1)} KB`,
        );
        expect(js, reports.join('; ')).toBeLessThanOrEqual(LANGUAGE_BUDGET_BYTES[language]);
      }
      // The English page's files hold none of the Bangla messages (the offer of the Bangla page aside, which is Bangla on purpose).
      const english = [...code, ...HOME_CATALOGUES.en.map(catalogue)]
        .map((file) => readFileSync(join(webRoot, file), 'utf8'))
        .join('\n');
      const banglaMessages =
        readFileSync(join(webRoot, catalogue('../locales/web/bn.po')), 'utf8').match(/[\u0980-\u09FF][^"]{15,}/g) ?? [];
      expect(banglaMessages.length).toBeGreaterThan(100);
      expect(banglaMessages.filter((message) => english.includes(message))).toEqual([]);
    },
  );

  it.runIf(existsSync(manifestPath))(
    'the login and sign-up pages hydrate without zod and Better Auth’s client, which load for the first check',
    () => {
      // R-FIRST-PAINT: 37 KB gzip less to download and run before a phone can use the form.
      const manifest = readManifest();
      for (const route of ['features/auth/pages/LoginPage.tsx', 'features/auth/pages/SignUpPage.tsx']) {
        expect(manifest[route], `${route} is not in the manifest`).toBeDefined();
        const loaded = pageFiles(manifest, route)
          .js.map((file) => readFileSync(join(webRoot, file), 'utf8'))
          .join('\n');
        for (const [library, marker] of [
          ['zod', 'ZodError'],
          ['Better Auth', '$sessionSignal'],
        ] as const) {
          expect(loaded.includes(marker), `${library} is loaded by ${route} before it hydrates`).toBe(false);
        }
      }
    },
  );

  it.runIf(existsSync(manifestPath))(
    'the rider’s run hydrates without zod and the outcome forms, which load when a card is opened',
    () => {
      // Issue 43 (decision 186): on a cheap phone, evaluating zod's schemas and the forms held the main thread
      // at load, counted in Total Blocking Time; a closed card needs neither.
      const manifest = readManifest();
      const route = 'features/parcels/pages/RunPage.tsx';
      expect(manifest[route], `${route} is not in the manifest`).toBeDefined();
      const loaded = pageFiles(manifest, route)
        .js.map((file) => readFileSync(join(webRoot, file), 'utf8'))
        .join('\n');
      expect(loaded.includes('ZodError'), `zod is loaded by ${route} before it hydrates`).toBe(false);
      expect(loaded.includes('outcome-form'), `the outcome forms are loaded by ${route} before it hydrates`).toBe(false);
      expect(manifest[route]?.dynamicImports).toContain('features/parcels/components/RecordOutcome.tsx');
    },
  );

  it.runIf(existsSync(manifestPath))(
    "the entry imports no other file, so the browser asks for the app's code after the first paint",
    () => {
      // R-FIRST-PAINT: a static import would be fetched (and modulepreloaded) while the page is parsed.
      const manifest = readManifest();
      expect(manifest[entryKey(manifest)]?.imports ?? []).toEqual([]);
      expect(readFileSync(join(webRoot, 'index.html'), 'utf8')).not.toContain('rel="modulepreload"');
    },
  );

  it.runIf(existsSync(manifestPath))(
    'nothing that arrives after the first paint declares styles on :root, which would restyle the whole page',
    () => {
      // R-FIRST-PAINT: custom properties on the root inherit, so a sheet adding them restyles every element:
      // the slider's and the toasts' sheets (and the toasts' script, which wrote its own <style>) each cost
      // a 60-75 ms task on a phone once the page was idle. The stylesheet of the first paint is the only one.
      const manifest = readManifest();
      const firstPaint = new Set(manifest[entryKey(manifest)]?.css);
      const later = new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
      const laterSheets = [...later].filter((file) => file.endsWith('.css') && !firstPaint.has(file));
      expect(laterSheets.length, 'the slider and the toasts bring stylesheets of their own').toBeGreaterThanOrEqual(2);
      for (const file of [...later].filter((built) => !firstPaint.has(built))) {
        expect(readFileSync(join(webRoot, file), 'utf8'), file).not.toMatch(/:root\s*\{/);
      }
    },
  );

  it.runIf(existsSync(manifestPath))(
    'the fonts every page preloads for its first paint weigh at most 32 KB, and the stylesheet uses each',
    () => {
      // Decision 0038: Inter's first-paint subset and Poppins 700, nothing else (woff2 is compressed already).
      const fonts = firstPaintFonts(webRoot);
      const bytes = fonts.reduce((total, file) => total + readFileSync(join(webRoot, 'assets', file)).length, 0);
      expect(fonts).toEqual([
        expect.stringMatching(/^inter-first-paint-wght-/),
        expect.stringMatching(/^poppins-latin-700-normal-/),
      ]);
      expect(bytes, `${fonts.join(', ')}: ${bytes} bytes`).toBeLessThanOrEqual(BUDGET_BYTES.firstPaintFonts);
      const manifest = readManifest();
      const stylesheet = (manifest[entryKey(manifest)]?.css ?? [])
        .map((file) => readFileSync(join(webRoot, file), 'utf8'))
        .join('');
      for (const font of fonts) expect(stylesheet, `${font} is used by an @font-face`).toContain(`/assets/${font}`);
    },
  );
});

describe('the first-paint font', () => {
  const fontsCss = readFileSync(new URL('../../src/web/fonts.css', import.meta.url), 'utf8');
  const committed = new URL('../../src/web/fonts/inter-first-paint-wght.woff2', import.meta.url);

  it('is what npm run fonts:subset makes, and its unicode-range and font-weight name exactly its characters and weights', async () => {
    const { FIRST_PAINT_CHARACTERS, FIRST_PAINT_WEIGHTS, makeFirstPaintFont } = (await import(
      '../../scripts/subset-fonts.mjs' as string
    )) as {
      FIRST_PAINT_CHARACTERS: string;
      FIRST_PAINT_WEIGHTS: { min: number; max: number };
      makeFirstPaintFont: () => Promise<Buffer>;
    };
    const face = fontsCss.match(/@font-face \{[^}]*inter-first-paint-wght\.woff2[^}]*\}/)?.[0] ?? '';
    expect(face).toContain(`font-weight: ${FIRST_PAINT_WEIGHTS.min} ${FIRST_PAINT_WEIGHTS.max};`);
    const declared = new Set<number>();
    for (const range of face.match(/unicode-range: ([^;]+);/)?.[1]?.split(',') ?? []) {
      const [from = '', to = from] = range.trim().replace('U+', '').split('-');
      for (let code = Number.parseInt(from, 16); code <= Number.parseInt(to, 16); code += 1) declared.add(code);
    }
    const characters = [...FIRST_PAINT_CHARACTERS].map((character) => character.codePointAt(0) ?? 0);
    expect([...declared].sort((a, b) => a - b)).toEqual([...new Set(characters)].sort((a, b) => a - b));

    expect(Buffer.compare(await makeFirstPaintFont(), readFileSync(committed)), 'run npm run fonts:subset').toBe(0);
  });

  it('the Bengali letters of English pages are what npm run fonts:subset makes, its unicode-range exactly them', async () => {
    const { ENGLISH_PAGES_BANGLA, makeEnglishPagesBanglaFont } = (await import('../../scripts/subset-fonts.mjs' as string)) as {
      ENGLISH_PAGES_BANGLA: string;
      makeEnglishPagesBanglaFont: () => Promise<Buffer>;
    };
    const face = fontsCss.match(/@font-face \{[^}]*bangla-on-english-pages\.woff2[^}]*\}/)?.[0] ?? '';
    const declared = (face.match(/unicode-range: ([^;]+);/)?.[1] ?? '')
      .split(',')
      .map((range) => Number.parseInt(range.replace('U+', ''), 16));
    const bengali = [
      ...new Set([...ENGLISH_PAGES_BANGLA].map((letter) => letter.codePointAt(0) ?? 0).filter((code) => code > 0x7f)),
    ];
    expect(declared.sort((a, b) => a - b)).toEqual(bengali.sort((a, b) => a - b));
    const committedBangla = new URL('../../src/web/fonts/bangla-on-english-pages.woff2', import.meta.url);
    expect(Buffer.compare(await makeEnglishPagesBanglaFont(), readFileSync(committedBangla)), 'run npm run fonts:subset').toBe(0);
    // The words it is made for are the ones the English pages show.
    const offer = readFileSync(new URL('../../src/web/app/layouts/LanguageOffer.tsx', import.meta.url), 'utf8');
    for (const words of offer.match(/[\u0980-\u09FF][\u0980-\u09FF ।]*/g) ?? [])
      expect(ENGLISH_PAGES_BANGLA).toContain(words.trim());
  });
});
