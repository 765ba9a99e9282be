import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../web/server-entry';
import type { InitialData, PageData } from './html';
import { SHOP_ADDRESS_PARAMS } from '../../shared/catalogue-filter';
import { PRODUCT_ADDRESS_PARAMS } from '../../shared/product';

export type { PageRenderer };

/**
 * The app's own server build (dist/ssr, made by `npm run build`), set up with the shop's details;
 * undefined when the app has not been built, and pages then go out for the browser to render.
 */
export async function loadBuiltPageRenderer(entryFile: string, shopData: Omit<InitialData, keyof PageData>): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as typeof import('../../web/server-entry');
  return entry.createPageRenderer(shopData);
}

/** A page as the server rendered it, ready to send. */
export interface SsrPage {
  html: string;
  /** CSP hashes of the page's style attributes (Radix writes a few), which the page's policy allows. */
  styleAttributeHashes: string[];
}

export const NOT_SSR: SsrPage = { html: '', styleAttributeHashes: [] };

/**
 * React puts a preload for each picture of the page before the page itself. The pictures are in
 * the page, where the browser finds them as it reads, and the app hydrating the page would find
 * tags it did not render.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const HTML_ESCAPES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** A style attribute's value as the browser reads it, hashed for CSP's style-src-attr. */
function styleHash(escaped: string): string {
  const value = escaped.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ESCAPES[entity]!);
  return `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
}

function readyToSend(rendered: string): SsrPage {
  const html = rendered.replace(LEADING_PRELOADS, '');
  const hashes = new Set(Array.from(html.matchAll(STYLE_ATTRIBUTE), (match) => styleHash(match[1]!)));
  return { html, styleAttributeHashes: [...hashes] };
}

/**
 * The address as the server-rendered pages read it: the path, the shop's search, region and sort, and
 * a product page's size, in a fixed order. Anything else (a campaign's utm_source, a made-up parameter) changes nothing rendered,
 * so it neither makes a new rendering nor reaches the app on the server.
 */
export function ssrAddress(url: string): string {
  const parsed = new URL(url, 'http://shop.invalid');
  const kept = new URLSearchParams();
  for (const name of [...SHOP_ADDRESS_PARAMS, ...PRODUCT_ADDRESS_PARAMS]) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

/**
 * At most `perSecond` new server renders a second on average, `perSecond` × 2 at once after a quiet spell
 * (a token bucket). A rendering takes the server tens of milliseconds; made-up searches or a burst
 * after each stock change must not take the processor from the shoppers' own requests.
 */
function ssrBudget(perSecond: number, now: () => number): () => boolean {
  const most = perSecond * 2;
  let tokens = most;
  let since = now();
  return () => {
    const at = now();
    tokens = Math.min(most, tokens + ((at - since) / 1000) * perSecond);
    since = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface SsrPagesOptions {
  /** Server renders kept at most; the one asked for longest ago goes first. */
  capacity?: number;
  /** New server renders a second at most, on average; over it a page goes out for the browser to render. */
  ssrPagesPerSecond?: number;
  now?: () => number;
}

/**
 * Server-rendered pages, kept while the catalogue stays the same: every shopper gets the same public page
 * (nothing of the shopper's own is in it), so a page is rendered once per catalogue change rather
 * than once per request. Pages asked for at the same moment share one rendering. The oldest page
 * goes first once `capacity` is reached, so made-up addresses cannot fill the memory, and new
 * server renders keep within a budget, so they cannot fill the processor: a page over it goes out
 * unrendered (the browser renders it) and is not kept. A page that failed to render is told to
 * `onFailure` once and kept as not rendered (the browser renders it).
 */
export function keepSsrPages(
  render: PageRenderer,
  onFailure: (err: unknown, url: string) => void,
  { capacity = 256, ssrPagesPerSecond = 10, now = Date.now }: SsrPagesOptions = {},
) {
  const pages = new Map<string, Promise<SsrPage>>();
  const withinBudget = ssrBudget(ssrPagesPerSecond, now);
  return function ssrPage(url: string, page: PageData, catalogueVersion: string): Promise<SsrPage> {
    const address = ssrAddress(url);
    const key = `${catalogueVersion}\n${page.year}\n${address}`;
    const kept = pages.get(key);
    if (kept) {
      pages.delete(key);
      pages.set(key, kept);
      return kept;
    }
    if (!withinBudget()) return Promise.resolve(NOT_SSR);
    const rendering = render(address, page).then(readyToSend, (err: unknown) => {
      onFailure(err, address);
      return NOT_SSR;
    });
    pages.set(key, rendering);
    if (pages.size > capacity) pages.delete(pages.keys().next().value!);
    return rendering;
  };
}
