import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  PAGE_SPEED_REPORT_DELAY_MS,
  PAGE_SPEED_REPORT_URL,
  pageTemplateOf,
  roundWebVital,
  webVitals,
  type WebVitalName,
  type WebVitalReading,
  type WebVitalsReport,
} from '../../shared/web-vitals';

/**
 * What a report must carry, from the page load's latest values and the ones already sent: a metric
 * not sent yet, or one whose value changed (which replaces the one sent before), nothing twice.
 */
export function readingsToSend(latest: ReadonlyMap<WebVitalName, number>, sent: ReadonlyMap<WebVitalName, number>): WebVitalReading[] {
  const readings: WebVitalReading[] = [];
  for (const [name, value] of latest) if (sent.get(name) !== value) readings.push({ name, value });
  return readings;
}

/** A new page load's random id, kept in this page's memory only: crypto.getRandomValues works on plain http too. */
export function newPageLoadId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Reports this page load's Core Web Vitals (decision 0030): once 3 s after the load (spec section
 * 9), and again when the page is hidden or left, with only what is new or changed since. Every
 * report of the load carries the load's random id, so the shop replaces the load's earlier numbers
 * with the new ones and counts each page load once per metric. The report names the page's
 * pattern ('/product/:slug'), never the address; no cookie or stored id is read.
 * `loadedAt` is performance.now() at the load event.
 */
export function reportPageSpeed(path: string, loadedAt: number): void {
  const page = pageTemplateOf(path);
  let pageLoad = newPageLoadId();
  const latest = new Map<WebVitalName, number>();
  const sent = new Map<WebVitalName, number>();

  // Back from the back-forward cache: a new page load, reported 3 s on as the first was. Listened to
  // before web-vitals listens, so that the new load's first values are kept as the new load's.
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    pageLoad = newPageLoadId();
    latest.clear();
    sent.clear();
    setTimeout(send, PAGE_SPEED_REPORT_DELAY_MS);
  });

  const keep = ({ name, value }: Metric) => {
    const metric = name as WebVitalName;
    const rounded = roundWebVital(metric, value);
    // Beyond the largest value the shop takes is no real measurement (a tab asleep in the background).
    if (rounded >= 0 && rounded <= webVitals[metric].max) latest.set(metric, rounded);
  };
  // Every change, not only the final values: the report at 3 s sends what is known by then.
  const options = { reportAllChanges: true };
  onTTFB(keep, options);
  onLCP(keep, options);
  onCLS(keep, options);
  onINP(keep, options);

  function send() {
    const metrics = readingsToSend(latest, sent);
    if (metrics.length === 0) return;
    const report: WebVitalsReport = { page, pageLoad, metrics };
    // A text goes as text/plain, which the browser sends without asking the server first.
    if (navigator.sendBeacon?.(PAGE_SPEED_REPORT_URL, JSON.stringify(report))) {
      for (const { name, value } of metrics) sent.set(name, value);
    }
  }

  setTimeout(send, Math.max(0, loadedAt + PAGE_SPEED_REPORT_DELAY_MS - performance.now()));
  // Listened to on the document, after web-vitals' own listeners on the window: its final values are in by then.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
}
