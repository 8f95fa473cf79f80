import './styles.css';

/**
 * zod, which the forms load, probes whether it may compile its parsers with `new Function`; the page's
 * CSP refuses that (R-HEADERS), and the refused probe shows as a CSP issue in the browser (Lighthouse
 * best practices). zod reads this global before its first schema is made: without the probe it parses
 * as it would after a refusal.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * The page the server rendered is painted before the app's code is asked for (R-FIRST-PAINT): a phone
 * on a slow network then spends its first bandwidth on the page's picture and text, not on React.
 * The frame callback runs just before the first paint, the timer just after it; the timer alone
 * covers a tab that is hidden and paints no frames. No top-level await: the app's files import Vite's
 * import helper from this file, so it must finish evaluating before they run.
 */
new Promise<void>((painted) => {
  const afterPaint = () => setTimeout(painted, 0);
  requestAnimationFrame(afterPaint);
  setTimeout(painted, 200);
}).then(() => import('./app/start.tsx'));
