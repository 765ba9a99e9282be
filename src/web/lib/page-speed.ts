/**
 * Starts measuring this page load's speed as shoppers feel it (decision 0030). The measuring code
 * and web-vitals come in a chunk of their own once the page has loaded and the browser is idle,
 * so the first script does not grow; the browser keeps the entries from before (buffered), so the
 * largest paint and the early layout shifts are still seen.
 */
export function measurePageSpeed(): void {
  // The address the page was loaded at: the figures are this load's, whatever the shopper opens next.
  const path = location.pathname;
  const start = () => {
    const loadedAt = performance.now();
    const load = () => void import('./page-speed-report').then(({ reportPageSpeed }) => reportPageSpeed(path, loadedAt)).catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 1_000 });
    else setTimeout(load, 0);
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
