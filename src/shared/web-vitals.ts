/**
 * Real shoppers' page speed (Core Web Vitals, decision 0030): what the browser reports to
 * POST /api/metrics/web-vitals and what the order desk reads from GET /api/admin/web-vitals. No
 * zod here: the browser's reporting code imports this file, and zod stays out of its chunk.
 */

/** Spec section 9: performance metrics are sent 3 s after the page has loaded. */
export const PAGE_SPEED_REPORT_DELAY_MS = 3_000;

export const PAGE_SPEED_REPORT_URL = '/api/metrics/web-vitals';

export const webVitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

export interface WebVitalInfo {
  /** What the owner reads. */
  label: string;
  /** The shopper's experience it measures, in a few words. */
  meaning: string;
  /** Google's limits: at most `good` is good, above `poor` is poor, between needs improvement. */
  good: number;
  poor: number;
  /** The largest value a report may carry; anything above is no real measurement. */
  max: number;
  unit: 'ms' | 'score';
}

export const webVitals: Record<WebVitalName, WebVitalInfo> = {
  LCP: { label: 'Largest Contentful Paint', meaning: 'when the main picture or text has appeared', good: 2_500, poor: 4_000, max: 60_000, unit: 'ms' },
  INP: { label: 'Interaction to Next Paint', meaning: 'how fast the page answers taps and clicks', good: 200, poor: 500, max: 60_000, unit: 'ms' },
  CLS: { label: 'Cumulative Layout Shift', meaning: 'how much the page jumps about while it loads', good: 0.1, poor: 0.25, max: 10, unit: 'score' },
  TTFB: { label: 'Time to First Byte', meaning: 'how long the server takes to start answering', good: 800, poor: 1_800, max: 60_000, unit: 'ms' },
};

export const speedRatings = ['good', 'needs-improvement', 'poor'] as const;
export type SpeedRating = (typeof speedRatings)[number];

export const speedRatingLabels: Record<SpeedRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** Google's rating of a value, as web-vitals gives it: the limits themselves still count as the better side. */
export function rateWebVital(name: WebVitalName, value: number): SpeedRating {
  const { good, poor } = webVitals[name];
  if (value > poor) return 'poor';
  if (value > good) return 'needs-improvement';
  return 'good';
}

/** A value as reports carry it: whole milliseconds, CLS to four decimals (the report stays short). */
export function roundWebVital(name: WebVitalName, value: number): number {
  return webVitals[name].unit === 'ms' ? Math.round(value) : Math.round(value * 10_000) / 10_000;
}

/**
 * The shop's pages as reports name them: the route's pattern, never the address itself, so that
 * no slug, order number or query (a reset token, an email) ever leaves the browser. 'other' is
 * any other address (the not-found page).
 */
export const pageTemplates = [
  '/',
  '/shop',
  '/product/:slug',
  '/contact',
  '/quote',
  '/checkout',
  '/payment/success',
  '/payment/cancel',
  '/payment/failed',
  '/profile',
  '/profile/orders/:orderNumber',
  '/verify-email',
  '/password-reset',
  '/paxi-finder',
  '/privacy-policy',
  '/terms-of-service',
  '/returns-policy',
  '/shipping-policy',
  '/auth/callback',
  '/admin',
  'other',
] as const;
export type PageTemplate = (typeof pageTemplates)[number];

/** What the order desk calls each page. */
export const pageTemplateLabels: Record<PageTemplate, string> = {
  '/': 'Home',
  '/shop': 'Shop',
  '/product/:slug': 'Product pages',
  '/contact': 'Contact',
  '/quote': 'Request a quote',
  '/checkout': 'Checkout',
  '/payment/success': 'Payment successful',
  '/payment/cancel': 'Payment cancelled',
  '/payment/failed': 'Payment failed',
  '/profile': 'My Profile',
  '/profile/orders/:orderNumber': "A shopper's order",
  '/verify-email': 'Verify email',
  '/password-reset': 'Password reset',
  '/paxi-finder': 'PAXI finder',
  '/privacy-policy': 'Privacy policy',
  '/terms-of-service': 'Terms of service',
  '/returns-policy': 'Returns policy',
  '/shipping-policy': 'Shipping policy',
  '/auth/callback': 'Google sign-in return',
  '/admin': 'Order desk',
  other: 'Other addresses (not found)',
};

const fixedPages = new Set<string>(pageTemplates.filter((page) => page.startsWith('/') && !page.includes(':')));

/** The page pattern of an address's path ('/product/kenya' → '/product/:slug'), as src/web/routes.tsx routes it. */
export function pageTemplateOf(pathname: string): PageTemplate {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (fixedPages.has(path)) return path as PageTemplate;
  if (/^\/product\/[^/]+$/.test(path)) return '/product/:slug';
  if (/^\/profile\/orders\/[^/]+$/.test(path)) return '/profile/orders/:orderNumber';
  return 'other';
}

/** One metric of a report: the page load's latest value, which replaces any it reported before. */
export interface WebVitalReading {
  name: WebVitalName;
  value: number;
}

/** A page load's random id: 16 random bytes in hexadecimal, made by the browser for that load only. */
export const PAGE_LOAD_ID = /^[0-9a-f]{32}$/;

/** The body of POST /api/metrics/web-vitals: the page, its page load and its latest metrics, nothing about the shopper. */
export interface WebVitalsReport {
  page: PageTemplate;
  /** Ties a later report to the earlier one of the same page load, whose numbers it replaces. */
  pageLoad: string;
  metrics: WebVitalReading[];
}

/** One metric of one page over the period: its 75th percentile and how many page loads reported it. */
export interface WebVitalSummary {
  /** null when no page load reported it. Milliseconds, or the CLS score. */
  p75: number | null;
  rating: SpeedRating | null;
  samples: number;
  /** One entry per day of the period, oldest first, as `days` lists them. */
  daily: { p75: number | null; samples: number }[];
}

export interface PageSpeed {
  /** null: every page together. */
  page: PageTemplate | null;
  metrics: Record<WebVitalName, WebVitalSummary>;
}

/** The page loads measured on a page: the most any metric was reported by (TTFB comes with nearly every load). */
export const pageLoadsOf = (page: PageSpeed) => Math.max(...webVitalNames.map((name) => page.metrics[name].samples));

/** GET /api/admin/web-vitals: the period's days (South African), every page together and each measured page, busiest first. */
export interface PageSpeedReport {
  from: string;
  to: string;
  days: string[];
  allPages: PageSpeed;
  pages: PageSpeed[];
}

/** The days the desk may ask for, and the default: the last 28, as Google's own field data. */
export const PAGE_SPEED_DAYS = { default: 28, max: 90 } as const;
