import './styles.css';
import { keepEarlyInput } from './early-input.ts';

/**
 * zod, which the forms load, probes whether it may compile its parsers with `new Function`; the page's
 * CSP refuses that (R-HEADERS), and the refused probe shows as a CSP issue in the browser (Lighthouse
 * best practices). zod reads this global before its first schema is made: without the probe it parses
 * as it would after a refusal.
 */
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// From the first paint on, taps and typing wait for the app instead of going to the browser (R-EARLY-INPUT).
keepEarlyInput();

/**
 * The page the server rendered is painted before the app's code is asked for (R-FIRST-PAINT): a phone
 * on a slow network then spends its first bandwidth on the page's picture and text, not on React.
 * "Painted" is when the browser reports the first contentful paint, which it does once the frame is
 * on screen; a frame callback comes before that, and files asked for then could still arrive before
 * the paint was shown. A hidden tab paints nothing and waits for nothing; a page with no content to
 * paint, or a browser that reports no paints, waits at most a second. No top-level await: the app's
 * files import Vite's import helper from this file, so it must finish evaluating before they run.
 */
new Promise<void>((painted) => {
  if (document.visibilityState === 'hidden') {
    painted();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) painted();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(painted, 1000);
}).then(() => {
  // Pictures below the fold wait for this mark rather than share the first bandwidth (styles.css, decision 40).
  document.body.dataset.painted = '';
  return import('./app/start.tsx');
});
