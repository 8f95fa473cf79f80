// `npm run lighthouse`: Lighthouse's default mobile audit (simulated throttling) of the public pages
// and a rider's run of 40 parcels (signed in by its session cookie) against a production start on a fresh data directory, in Debian's Chromium, offline. Scores move
// with machine load, so each page is audited five times (Lighthouse's advice for a stable median) and
// the median run is reported. A report, not a gate: the budget test in the suite is the gate.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { BENCH_ADMIN, newCustomer, riderWithRun, trackedParcel } from './bench/shop.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3480);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/**
 * Comma-separated substrings of the paths to audit (e.g. `blog/,purchase`; `/` alone is the home page, and
 * `=` before a path is that page alone: `=/bn`); all pages when unset.
 */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** A folder to keep each run's full report in (JSON), to read its audits (LCP element, long tasks). */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function startShop(dataDir) {
  const shop = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tracking pages' parcel is booked and scanned through the API (issue 29).
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (shop.exitCode !== null) throw new Error(`The shop exited with code ${shop.exitCode}`);
    const healthy = await fetch(`${ORIGIN}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return shop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The shop did not become healthy within 30 s');
}

/** Issue 43's bar: a rider's run of 40 parcels, signed in (their session cookie on every request), in both languages. */
const RUN_STOPS = Number(process.env.LIGHTHOUSE_RUN_STOPS ?? 40);

async function riderPages() {
  const rider = await riderWithRun({ url: ORIGIN }, BENCH_ADMIN, RUN_STOPS);
  return ['/dashboard/run', '/bn/dashboard/run'].map((path) => ({ path, headers: { Cookie: rider.cookie } }));
}

async function publicPages() {
  const products = await (await fetch(`${ORIGIN}/api/home`)).json();
  const blog = await (await fetch(`${ORIGIN}/blog`)).text();
  const article = blog.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
  if (!article) throw new Error('No article link in the /blog HTML');
  const product = `/purchase/${products.at(-1)._id}`;
  // The parcels' prices (issue 28), empty and with a parcel's prices, in both languages.
  const ship = '/ship?from=Gulshan%2C+Dhaka&to=Savar%2C+Dhaka&weight=1.5&cod=1200';
  // A parcel's public tracking (issue 29), scanned to its delivery hub.
  const shop = { url: ORIGIN };
  const tracking = `/track/${await trackedParcel(shop, BENCH_ADMIN, (await newCustomer(shop)).token)}`;
  // The Bangla pages meet the same bar as the English ones (R-LANGUAGES).
  return [
    '/',
    '/blog',
    article,
    '/about',
    product,
    '/login',
    '/ship',
    ship,
    '/track',
    tracking,
    '/bn',
    '/bn/blog',
    '/bn/about',
    `/bn${product}`,
    `/bn${ship}`,
    `/bn${tracking}`,
  ];
}

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, seen on this machine): that run is made again. */
async function auditOnce(chrome, { path, headers }) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(`${ORIGIN}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${path}: ${lhr.runtimeError.code} three times in a row`);
    console.warn(`${path}: ${lhr.runtimeError.code}, auditing again`);
  }
}

async function audit(chrome, page) {
  const { path } = page;
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const lhr = await auditOnce(chrome, page);
    runs.push(lhr);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${path.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), JSON.stringify(lhr));
    }
  }
  // Lighthouse's own choice of the median run (as Lighthouse CI reports it): the run nearest the median
  // first paint and time to interactive, not the first run that ties on the rounded score.
  const middle = computeMedianRun(runs);
  const score = (id) => Math.round((middle.categories[id].score ?? 0) * 100);
  const failing = Object.values(middle.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: `${(middle.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)} s`,
    tbt: `${Math.round(middle.audits['total-blocking-time'].numericValue)} ms`,
    cls: middle.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    failing,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
const shop = await startShop(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const rows = [];
  const chosen = (path) =>
    !ONLY ||
    ONLY.some((part) => (part === '/' ? path === '/' : part.startsWith('=') ? path === part.slice(1) : path.includes(part)));
  const pages = (await publicPages()).filter(chosen).map((path) => ({ path }));
  if (['/dashboard/run', '/bn/dashboard/run'].some(chosen))
    pages.push(...(await riderPages()).filter(({ path }) => chosen(path)));
  for (const page of pages) rows.push(await audit(chrome, page));
  console.log(`\nLighthouse (mobile, simulated throttling), median of ${RUNS} runs, Node ${process.version}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    );
  for (const r of rows) if (r.failing.length) console.log(`${r.path} failing audits: ${r.failing.join(', ')}`);
} finally {
  await chrome.kill();
  shop.kill('SIGTERM');
  await new Promise((resolve) => shop.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
