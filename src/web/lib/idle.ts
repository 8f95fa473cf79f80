/**
 * Calls `callback` when the browser has nothing else to do (Safari has no requestIdleCallback), for
 * code that must not compete with the first paint; returns a cancel.
 */
export function whenIdle(callback: () => void): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(callback);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
}
