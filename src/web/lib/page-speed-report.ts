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

/** A metric of one page load: web-vitals gives each load (a return from the back-forward cache too) a new id. */
export interface Measured {
  id: string;
  value: number;
}

/**
 * What a report must carry, from the latest values and the ones already sent: a metric not sent
 * yet (or of a new page load) as it is, a changed one with the value it replaces, nothing twice.
 */
export function readingsToSend(latest: ReadonlyMap<WebVitalName, Measured>, sent: ReadonlyMap<WebVitalName, Measured>): WebVitalReading[] {
  const readings: WebVitalReading[] = [];
  for (const [name, now] of latest) {
    const before = sent.get(name);
    if (before?.id !== now.id) readings.push({ name, value: now.value });
    else if (before.value !== now.value) readings.push({ name, value: now.value, previous: before.value });
  }
  return readings;
}

/**
 * Reports this page load's Core Web Vitals (decision 0030): once 3 s after the load (spec section
 * 9), and again when the page is hidden or left, with only what is new or changed since. A changed
 * value carries the one it replaces, so the shop counts each page load once per metric. The report
 * names the page's pattern ('/product/:slug'), never the address; no cookie or id is read.
 * `loadedAt` is performance.now() at the load event.
 */
export function reportPageSpeed(path: string, loadedAt: number): void {
  const page = pageTemplateOf(path);
  const latest = new Map<WebVitalName, Measured>();
  const sent = new Map<WebVitalName, Measured>();

  const keep = ({ name, id, value }: Metric) => {
    const metric = name as WebVitalName;
    const rounded = roundWebVital(metric, value);
    // Beyond the largest value the shop takes is no real measurement (a tab asleep in the background).
    if (rounded >= 0 && rounded <= webVitals[metric].max) latest.set(metric, { id, value: rounded });
  };
  // Every change, not only the final values: the report at 3 s sends what is known by then.
  const options = { reportAllChanges: true };
  onTTFB(keep, options);
  onLCP(keep, options);
  onCLS(keep, options);
  onINP(keep, options);

  const send = () => {
    const metrics = readingsToSend(latest, sent);
    if (metrics.length === 0) return;
    const report: WebVitalsReport = { page, metrics };
    // A text goes as text/plain, which the browser sends without asking the server first.
    if (navigator.sendBeacon?.(PAGE_SPEED_REPORT_URL, JSON.stringify(report))) {
      for (const { name } of metrics) sent.set(name, latest.get(name)!);
    }
  };

  setTimeout(send, Math.max(0, loadedAt + PAGE_SPEED_REPORT_DELAY_MS - performance.now()));
  // Listened to on the document, after web-vitals' own listeners on the window: its final values are in by then.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
  // Back from the back-forward cache: a new page load, reported 3 s on as the first was.
  addEventListener('pageshow', (event) => {
    if (event.persisted) setTimeout(send, PAGE_SPEED_REPORT_DELAY_MS);
  });
}
