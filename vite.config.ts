import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/** React, the router, the query cache and Lingui's runtime: every page loads them. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@lingui)[\\/]/;
/** Mutations run on the pages with forms, which load them with their own code. */
const ONLY_FOR_FORMS = /[\\/](useMutation|mutationObserver)\.js$/;
/** The app's small modules that the public pages share: one file rather than a dozen tiny ones. */
const PUBLIC_PAGES_SHARE =
  /src[\\/](web[\\/](lib|components)[\\/]|shared[\\/](messages|limits|text|money|error-codes|test-cards|picture)\.ts|web[\\/]features[\\/](auth[\\/]api[\\/](use-viewer|use-session|sign-out|use-access-token)|products[\\/](api[\\/]use-products|product-action)|marketing[\\/](company|first-hero-slide|use-scroll-to-hash))\.ts)/;
/** The entry (src/web/main.tsx): the stylesheet, the keeper of early taps and a wait for the first paint. */
const ENTRY = /src[\\/]web[\\/](main\.tsx|early-input\.ts)$/;
/** What the entry loads after the first paint (R-FIRST-PAINT): in the shared file, not a file of its own. */
const APP_START = /src[\\/]web[\\/]app[\\/]start\.tsx$/;
/**
 * Better Auth's client and its loader, toasts, the form helpers (zod among them, and the delivery details' fields and check of
 * Buy Now, checkout and Manage Orders), the outage notice, and the pieces of pages loaded on demand (page buttons, admin confirmations, the
 * admin's figures, the filter forms' address hook, the idle cart slots' hydration flag, the lists' search box, the signed-in pages' dates in
 * the shop's time zone), the tracking box (the home page's waits for idle time, issue 42), the weekly outcomes' chart
 * (the merchant page's and the Overview's, issue 44) and a refused upload's lines (the rate card's and the payout
 * results', issue 45), load when they are used.
 */
const LOADED_ON_DEMAND =
  /auth-client|ask-auth|toast|form-errors|delivery-details|DeliveryFields|picture-file|ShopTroubleNotice|FormField|ProductLabel|PageButtons|ConfirmButton|big-numbers|use-filter-address|use-hydrated|SearchField|shop-time-zone|TrackingBox|WeeklyOutcomes|FileRefusal/;
/**
 * What the catalogue, Manage Orders and Buy Now share on demand, in one file rather than three: the
 * address parsing, the page buttons and the order statuses.
 */
const PAGED_LISTS_SHARE = /src[\\/](shared[\\/](address-query|order-status)\.ts|web[\\/]components[\\/]PageButtons\.tsx)$/;

/**
 * The slider's and the toasts' stylesheets arrive after the first paint. Their libraries declare their
 * settings on `:root`, and a sheet that adds custom properties to the root restyles every element of
 * the page (custom properties inherit): a task of 60-75 ms on a phone's CPU, once per sheet, counted
 * in Total Blocking Time (R-FIRST-PAINT). On the element each library draws in, they restyle only it.
 */
const LIBRARY_ROOTS = [
  { stylesheet: /node_modules[\\/]swiper[\\/].*\.css$/, root: '.swiper' },
  { stylesheet: /node_modules[\\/]react-toastify[\\/].*\.css$/, root: '.Toastify' },
];

function settingsOnLibraryRoots(): Plugin {
  return {
    name: 'settings-on-library-roots',
    enforce: 'pre',
    transform(css, id) {
      const library = LIBRARY_ROOTS.find(({ stylesheet }) => stylesheet.test(id));
      return library ? css.replaceAll(/:root\b/g, library.root) : undefined;
    },
  };
}

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Two builds: the browser's (dist/web, with a manifest the budget test and the server read) and, with
 * `--ssr`, the server renderer (dist/web-server/entry-server.js), which the Fastify process loads by path.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  // Lingui's macros (`<Trans>`, `t`) become catalogue lookups, and a .po catalogue imports as its
  // compiled messages (decision 61).
  plugins: [
    lingui({ failOnCompileError: true }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    tailwindcss(),
    settingsOnLibraryRoots(),
  ],
  // React Router's package names only its development build, whose warnings cost the home page's budget
  // (R-BUDGETS); the browser gets the production build the package also ships. Both entries point at
  // the same production chunk, so the app keeps one router.
  resolve: isSsrBuild
    ? undefined
    : {
        alias: [
          { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
          { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
        ],
      },
  build: isSsrBuild
    ? { outDir: '../../dist/web-server', emptyOutDir: true }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsDir: 'assets',
        sourcemap: true,
        manifest: true,
        // A small font would be inlined as a data: address, which the page's CSP refuses for fonts
        // (R-HEADERS): the English pages' few Bengali letters (3.5 KB) stay a file of their own.
        assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
        // Every browser the shop supports knows `modulepreload`; the polyfill would only weigh on the home page.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // The app's start lists the file of every page it may load (R-BUDGETS): without their names
            // each costs a third less of the home page's bytes. The manifest still names them.
            chunkFileNames: 'assets/[hash].js',
            // V8 compiles every function of React, the router and the query cache while the file downloads,
            // instead of on the main thread as hydration first calls them (Chrome's explicit compile hints):
            // Lighthouse's Total Blocking Time on /login 106 -> 68 ms, median of 5 (R-FIRST-PAINT).
            postBanner: (chunk: { name: string }) => (chunk.name === 'framework' ? '//# allFunctionsCalledOnLoad' : ''),
            // React, the router and the query cache in one file every page loads, and the app's small
            // shared modules in another, rather than two dozen tiny files: fewer requests and better
            // compression for the home page's budget (R-BUDGETS).
            codeSplitting: {
              groups: [
                // The entry together with Vite's helper for dynamic imports, so the entry imports no
                // other file and the app's code is asked for after the first paint (R-FIRST-PAINT).
                { name: 'index', test: (id: string) => ENTRY.test(id) || id.includes('vite/preload-helper') },
                {
                  name: 'framework',
                  test: (id: string) => FRAMEWORK.test(id) && !ONLY_FOR_FORMS.test(id),
                },
                {
                  name: 'app',
                  test: (id: string) => (PUBLIC_PAGES_SHARE.test(id) && !LOADED_ON_DEMAND.test(id)) || APP_START.test(id),
                },
                // Each file loaded on demand is one more name in the list the home page loads (R-BUDGETS).
                // Only these modules: zod, which the address parsing imports, stays in its own file.
                {
                  name: 'paged-lists',
                  test: (id: string) => PAGED_LISTS_SHARE.test(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/uploads': `http://127.0.0.1:${API_PORT}`,
    },
  },
}));
