import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../web/server-entry';
import type { InitialData } from './html';

export type { PageRenderer };

/**
 * The app's own server build (dist/ssr, made by `npm run build`), set up with the shop's details;
 * undefined when the app has not been built, and pages then go out for the browser to draw.
 */
export async function loadBuiltPageRenderer(entryFile: string, shopData: Omit<InitialData, 'queries'>): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as typeof import('../../web/server-entry');
  return entry.createPageRenderer(shopData);
}

/** A page as the server drew it, ready to send. */
export interface DrawnPage {
  html: string;
  /** CSP hashes of the page's style attributes (Radix writes a few), which the page's policy allows. */
  styleAttributeHashes: string[];
}

export const NOT_DRAWN: DrawnPage = { html: '', styleAttributeHashes: [] };

/**
 * React puts a preload for each picture of the page before the page itself. The pictures are in
 * the page, where the browser finds them as it reads, and the app taking the page over would find
 * tags it did not draw.
 */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const HTML_ESCAPES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** A style attribute's value as the browser reads it, hashed for CSP's style-src-attr. */
function styleHash(escaped: string): string {
  const value = escaped.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => HTML_ESCAPES[entity]!);
  return `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
}

function readyToSend(drawn: string): DrawnPage {
  const html = drawn.replace(LEADING_PRELOADS, '');
  const hashes = new Set(Array.from(html.matchAll(STYLE_ATTRIBUTE), (match) => styleHash(match[1]!)));
  return { html, styleAttributeHashes: [...hashes] };
}

/**
 * Drawn pages, kept while the catalogue stays the same: every shopper gets the same public page
 * (nothing of the shopper's own is in it), so a page is drawn once per catalogue change rather
 * than once per request. Pages asked for at the same moment share one drawing. The oldest page
 * goes first once `capacity` is reached, so made-up addresses cannot fill the memory. A page that
 * failed to draw is told to `onFailure` once and kept as not drawn (the browser draws it).
 */
export function keepDrawnPages(render: PageRenderer, onFailure: (err: unknown, url: string) => void, capacity = 256) {
  const pages = new Map<string, Promise<DrawnPage>>();
  return function drawnPage(url: string, queries: InitialData['queries'], catalogueVersion: string): Promise<DrawnPage> {
    const key = `${catalogueVersion}\n${url}`;
    const kept = pages.get(key);
    if (kept) {
      pages.delete(key);
      pages.set(key, kept);
      return kept;
    }
    const drawing = render(url, queries).then(readyToSend, (err: unknown) => {
      onFailure(err, url);
      return NOT_DRAWN;
    });
    pages.set(key, drawing);
    if (pages.size > capacity) pages.delete(pages.keys().next().value!);
    return drawing;
  };
}
