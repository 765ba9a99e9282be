import fs from 'node:fs';
import path from 'node:path';
import type { ShopDetails } from '../../shared/shop-details';
import type { CourierFees } from '../../shared/delivery';
import type { QuantityBreak } from '../../shared/pricing';
import type { Config } from '../config';
import { courierFeesOf } from '../delivery/providers';
import type { PageMeta } from '../../shared/page-meta';
import { pictureSrcSet } from '../../shared/picture-sizes';
import { paymentMethodView, type PaymentMethodView } from '../../shared/payment-methods';
import { escapeHtml } from '../lib/html';

/** What the app finds in the page before any request: the shop's details and data already fetched. */
export interface InitialData {
  shop: ShopDetails;
  /** SHOP_DEMO=true: every page shows that this is a demo shop that takes no real payment. */
  demo: boolean;
  /** The shop's address on the web (PUBLIC_URL), which the terms disclose. */
  website: string;
  /** What courier delivery costs, which the shipping policy, the terms and the FAQ state before checkout. */
  courierFees: CourierFees;
  /** The most of one flag on one cart line (CART_LINE_LIMIT), where the product page and the cart stop. */
  lineLimit: number;
  /** Lower prices for many of one size (QUANTITY_BREAKS), which the product page lists. */
  quantityBreaks: QuantityBreak[];
  /** The ways to pay (PAYMENT_PROVIDERS), in the order checkout offers them. */
  paymentMethods: PaymentMethodView[];
  /** CHECKOUT_ACCOUNTS=optional: checkout offers "Continue as a guest" beside Sign in. */
  guestCheckout: boolean;
  /** The year in South Africa when the page was sent (the footer's), the same in the rendering. */
  year: number;
  queries: [queryKey: string, data: unknown][];
}

/** What one page is rendered from: its queries' data and the year it was sent in. */
export type PageData = Pick<InitialData, 'queries' | 'year'>;

/** What every page carries of the shop: the same in the server's rendering and in the page the browser hydrates. */
export function shopPageData(
  config: Pick<Config, 'shop' | 'demo' | 'publicUrl' | 'courier' | 'cartLineLimit' | 'quantityBreaks' | 'payments' | 'guestCheckout'>,
): Omit<InitialData, keyof PageData> {
  return {
    shop: config.shop,
    demo: config.demo,
    website: config.publicUrl,
    courierFees: courierFeesOf(config.courier),
    lineLimit: config.cartLineLimit,
    quantityBreaks: config.quantityBreaks,
    paymentMethods: config.payments.map((settings) => paymentMethodView(settings.provider)),
    guestCheckout: config.guestCheckout,
  };
}

export interface PageHead extends PageMeta {
  canonicalUrl: string;
  imageUrl?: string;
  ogType?: 'website' | 'product';
  noIndex?: boolean;
  jsonLd?: object;
  /** Scripts of the page's lazily loaded screen, fetched alongside the main script. */
  preload?: string[];
  /** The picture that will be the largest on the screen, fetched with the page rather than after the script. */
  leadImage?: LeadImage;
}

/**
 * An upload's AVIF copies are preloaded with the `sizes` of the place that shows the picture, so
 * the browser fetches the very copy its <picture> then picks; a browser without AVIF skips the
 * preload (its type) rather than fetch a picture it would not use. A picture without copies (a
 * seeded SVG flag) is preloaded as it is.
 */
export interface LeadImage {
  url: string;
  widths?: readonly number[];
  sizes: string;
}

function preloadTag({ url, widths, sizes }: LeadImage): string {
  if (!widths?.length) return `<link rel="preload" as="image" href="${escapeHtml(url)}" />`;
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(pictureSrcSet(url, widths, 'avif'))}" imagesizes="${escapeHtml(sizes)}" />`;
}

const HEAD_MARK = '<!--app-head-->';
const ROOT = '<div id="root"></div>';

const fallbackTemplate = `<!doctype html>
<html lang="en-ZA"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />${HEAD_MARK}</head>
<body>${ROOT}</body></html>`;

/** The built index.html, or a bare page when the app has not been built (API-only tests). */
export function readTemplate(webRoot: string): string {
  const file = path.join(webRoot, 'index.html');
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : fallbackTemplate;
  for (const mark of [HEAD_MARK, ROOT]) if (!html.includes(mark)) throw new Error(`${file} lacks ${mark}`);
  return html;
}

/** JSON inside <script>: '<' escaped so no text in the data can close the tag. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * styleNonce: the nonce of this response's Content-Security-Policy, which the app gives the <style>
 * tags it injects (src/web/lib/content-security.ts). appHtml: the page as the app renders it, when the
 * server rendered it (decision 0032); empty, the browser renders it.
 */
export function renderPage(template: string, head: PageHead, shopName: string, initial: InitialData, styleNonce: string, appHtml = ''): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    head.noIndex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${escapeHtml(shopName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}" />`,
    `<meta property="og:locale" content="en_ZA" />`,
    head.imageUrl ? `<meta property="og:image" content="${escapeHtml(head.imageUrl)}" />` : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    head.leadImage ? preloadTag(head.leadImage) : '',
    ...(head.preload ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    `<meta property="csp-nonce" nonce="${escapeHtml(styleNonce)}" />`,
    `<script id="initial-data" type="application/json">${scriptJson(initial)}</script>`,
  ];
  // Functions as replacements: a '$' in the page's text is text, not a replacement pattern.
  return template.replace(HEAD_MARK, () => tags.filter(Boolean).join('\n    ')).replace(ROOT, () => `<div id="root">${appHtml}</div>`);
}
