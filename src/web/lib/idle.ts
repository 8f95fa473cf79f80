/**
 * At the latest this long after asking: a phone whose main thread never rests (animations, a slow CPU)
 * may give no idle time at all, and what waits here includes "Add to cart" and the cart link.
 */
const LATEST_MS = 2000;

/**
 * Calls `callback` when the browser has nothing else to do (Safari has no requestIdleCallback), for
 * code that must not compete with the first paint; returns a cancel.
 */
export function whenIdle(callback: () => void): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback, { timeout: LATEST_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}
