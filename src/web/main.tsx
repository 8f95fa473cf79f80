import './styles.css';

/**
 * The page the server rendered is painted before the app's code is asked for (R-FIRST-PAINT): a phone
 * on a slow network then spends its first bandwidth on the page's picture and text, not on React.
 * The frame callback runs just before the first paint, the timer just after it; the timer alone
 * covers a tab that is hidden and paints no frames.
 */
await new Promise<void>((painted) => {
  const afterPaint = () => setTimeout(painted, 0);
  requestAnimationFrame(afterPaint);
  setTimeout(painted, 200);
});
await import('./app/start.tsx');
