/**
 * The catalogue as a product feed in Google Merchant Center's RSS 2.0 format (the `g:` namespace),
 * which Meta's catalogue reads as well: one item per flag and size, with its price including VAT,
 * its sale price, availability from the stock, a picture Google can show and the delivery fees.
 */
import { countryName, effectivePriceCents, isOnSale, type Product, type ProductSize } from '../../shared/product';
import { centsToDecimal } from '../../shared/money';
import { FLAG_MATERIAL, deliveryOptions } from '../../shared/shop-facts';
import { courierServiceTerms, type CourierFees } from '../../shared/courier-services';
import { escapeHtml } from '../lib/html';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

export interface FeedShop {
  name: string;
  /** PUBLIC_URL: every link in the feed is absolute. */
  publicUrl: string;
  courierFees: CourierFees;
}

/** Google takes JPEG, PNG, GIF, WebP and BMP, not SVG: a seeded SVG flag is served as a PNG for the feed. */
function feedPicturePath(product: Pick<Product, 'slug'>): string {
  return `/feeds/pictures/${product.slug}.png`;
}

/** An upload's largest WebP copy, or the flag's PNG made for the feed; none without a picture. */
function pictureOf(product: Product): string | undefined {
  const first = product.images[0];
  if (!first) return undefined;
  if (first.widths?.length) return `${first.url}/${Math.max(...first.widths)}.webp`;
  return first.url.endsWith('.svg') ? feedPicturePath(product) : first.url;
}

/** Characters XML 1.0 does not allow, even escaped: a control character typed into a description would make the whole feed unreadable. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function element(name: string, value: string): string {
  return `<${name}>${escapeHtml(value.replace(NOT_XML, ''))}</${name}>`;
}

const price = (cents: number, currency: string) => `${centsToDecimal(cents)} ${currency}`;

/** What delivery to a South African address costs: each PAXI speed, and each courier service with a fixed price. */
function shippingOf(shop: FeedShop, currency: string): string[] {
  const paxi = deliveryOptions.map((option) => ({ service: option.name, cents: option.feeCents }));
  const courier = courierServiceTerms(shop.courierFees).flatMap(({ name, level }) => {
    const rate = shop.courierFees.kind === 'fixed' ? shop.courierFees.rates.find((r) => r.serviceLevel === level) : undefined;
    return rate ? [{ service: `Courier ${name}`, cents: rate.priceCents }] : [];
  });
  return [...paxi, ...courier].map(
    ({ service, cents }) => `<g:shipping>${element('g:country', 'ZA')}${element('g:service', service)}${element('g:price', price(cents, currency))}</g:shipping>`,
  );
}

/** One size of a flag: its own id, price and stock, grouped with the flag's other sizes. */
function itemOf(product: Product, size: ProductSize, shop: FeedShop, shipping: string[]): string {
  const country = countryName(product.name);
  const picture = pictureOf(product);
  const fields = [
    element('g:id', `${product.slug}-${size.code}`),
    element('g:item_group_id', product.slug),
    element('g:title', `${country} Flag, ${size.label}`),
    element('g:description', product.description),
    element('g:link', `${shop.publicUrl}/product/${product.slug}?size=${encodeURIComponent(size.code)}`),
    ...(picture ? [element('g:image_link', `${shop.publicUrl}${picture}`)] : []),
    element('g:availability', size.stockQuantity === 0 ? 'out_of_stock' : 'in_stock'),
    element('g:price', price(size.priceCents, product.currency)),
    ...(isOnSale(size) ? [element('g:sale_price', price(effectivePriceCents(size), product.currency))] : []),
    element('g:condition', 'new'),
    element('g:brand', shop.name),
    // Flags made for the shop carry no GTIN or maker's part number.
    element('g:identifier_exists', 'no'),
    element('g:size', size.label),
    element('g:material', size.material ?? FLAG_MATERIAL),
    element('g:product_type', product.region ? `Flags > ${product.region}` : 'Flags'),
    ...shipping,
  ];
  return `<item>\n${fields.map((field) => `  ${field}`).join('\n')}\n</item>`;
}

/** The feed of every flag in the shop (hidden ones are not in `products`). */
export function googleMerchantFeed(products: readonly Product[], shop: FeedShop): string {
  const shipping = shippingOf(shop, products[0]?.currency ?? 'ZAR');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    element('title', shop.name),
    element('link', shop.publicUrl),
    element('description', `Flags from ${shop.name}`),
    ...products.flatMap((product) => product.sizes.map((size) => itemOf(product, size, shop, shipping))),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
