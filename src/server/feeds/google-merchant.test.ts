import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { GOOGLE_NAMESPACE, googleMerchantFeed, type FeedShop } from './google-merchant';
import { describeShop } from '../testing/describe-shop';
import type { ListedProduct, Product, ProductSize } from '../../shared/product';

type Item = Record<string, unknown> & { 'g:shipping': { 'g:country': string; 'g:service': string; 'g:price': string }[] };

/** The feed as Merchant Center reads it: every value as text, shipping always a list. */
function readFeed(xml: string) {
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false, htmlEntities: true, isArray: (name) => name === 'item' || name === 'g:shipping' }).parse(xml) as {
    rss: { '@_version': string; '@_xmlns:g': string; channel: { title: string; link: string; description: string; item?: Item[] } };
  };
  return parsed.rss;
}

/**
 * What Google Merchant Center requires of every item in an RSS 2.0 feed (its product data
 * specification): an id of at most 50 characters, a title of at most 150, a description of at most
 * 5,000, absolute link and picture, availability, a price with its currency, the brand or no
 * identifiers, and the condition; shipping for the country sold to.
 */
function expectValidItem(item: Item, publicUrl: string): void {
  const text = (field: string) => item[field] as string;
  expect(text('g:id')).toMatch(/^[\w-]{1,50}$/);
  expect(text('g:title').length).toBeGreaterThan(0);
  expect(text('g:title').length).toBeLessThanOrEqual(150);
  expect(text('g:description').length).toBeGreaterThan(0);
  expect(text('g:description').length).toBeLessThanOrEqual(5000);
  expect(text('g:link').startsWith(`${publicUrl}/product/`)).toBe(true);
  expect(text('g:image_link')).toMatch(new RegExp(`^${publicUrl}/.+\\.(png|webp|jpe?g)$`));
  expect(['in_stock', 'out_of_stock', 'preorder', 'backorder']).toContain(text('g:availability'));
  expect(text('g:price')).toMatch(/^\d+\.\d{2} ZAR$/);
  expect(text('g:condition')).toBe('new');
  expect(text('g:brand').length).toBeGreaterThan(0);
  expect(text('g:identifier_exists')).toBe('no');
  expect(text('g:item_group_id').length).toBeGreaterThan(0);
  expect(text('g:size').length).toBeGreaterThan(0);
  expect(item['g:shipping'].length).toBeGreaterThan(0);
  for (const shipping of item['g:shipping']) {
    expect(shipping['g:country']).toBe('ZA');
    expect(shipping['g:price']).toMatch(/^\d+\.\d{2} ZAR$/);
  }
}

const shop: FeedShop = { name: 'Cape Flag Co.', publicUrl: 'https://flags.example.co.za', courierFees: { kind: 'fixed', rates: [{ serviceLevel: 'economy', priceCents: 9900 }] } };

/** A flag sold in one size (its price, sale price and stock), unless `sizes` says otherwise. */
function flag(fields: Partial<Product>): Product {
  const base: Omit<Product, 'sizes'> = {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'kenya',
    name: 'KENYA',
    description: 'The black, red and green flag of Kenya with its shield and spears, in 150cm x 90cm polyester.',
    price: '130.00',
    priceCents: 13_000,
    salePrice: null,
    salePriceCents: null,
    currency: 'ZAR',
    isActive: true,
    featured: false,
    region: 'Africa',
    stockQuantity: null,
    images: [{ id: 'i1', url: '/flags/4x3/ke.svg', altText: 'Flag of Kenya' }],
    primaryImage: '/flags/4x3/ke.svg',
    ...fields,
  };
  const slug = base.slug.toUpperCase();
  const only: ProductSize = {
    id: `${base.id}-size`,
    code: '150x90',
    label: '150 × 90 cm',
    material: null,
    sku: `${slug}-150X90`,
    price: base.price,
    priceCents: base.priceCents,
    salePrice: base.salePrice,
    salePriceCents: base.salePriceCents,
    stockQuantity: base.stockQuantity,
    weightGrams: 200,
  };
  return { ...base, sizes: fields.sizes ?? [only] };
}

describe('the Google Merchant feed', () => {
  it('is an RSS 2.0 channel in the g: namespace with one valid item per flag', () => {
    const feed = readFeed(googleMerchantFeed([flag({}), flag({ id: '00000000-0000-4000-8000-000000000002', slug: 'japan', name: 'JAPAN', region: 'Asia' })], shop));
    expect(feed['@_version']).toBe('2.0');
    expect(feed['@_xmlns:g']).toBe(GOOGLE_NAMESPACE);
    expect(feed.channel).toMatchObject({ title: 'Cape Flag Co.', link: 'https://flags.example.co.za' });
    expect(feed.channel.item).toHaveLength(2);
    for (const item of feed.channel.item!) expectValidItem(item, shop.publicUrl);
    expect(feed.channel.item![1]).toMatchObject({
      'g:id': 'japan-150x90',
      'g:item_group_id': 'japan',
      'g:title': 'Japan Flag, 150 × 90 cm',
      'g:link': 'https://flags.example.co.za/product/japan?size=150x90',
      'g:image_link': 'https://flags.example.co.za/feeds/pictures/japan.png',
      'g:availability': 'in_stock',
      'g:price': '130.00 ZAR',
      'g:product_type': 'Flags > Asia',
    });
  });

  it('gives the sale price beside the price, and a flag with none left as out of stock', () => {
    const [onSale, soldOut] = readFeed(
      googleMerchantFeed([flag({ salePrice: '99.00', salePriceCents: 9900 }), flag({ slug: 'ghana', name: 'GHANA', stockQuantity: 0 })], shop),
    ).channel.item!;
    expect(onSale).toMatchObject({ 'g:price': '130.00 ZAR', 'g:sale_price': '99.00 ZAR', 'g:availability': 'in_stock' });
    expect(soldOut).toMatchObject({ 'g:availability': 'out_of_stock' });
    expect(soldOut).not.toHaveProperty('g:sale_price');
  });

  it('gives each size of a flag its own item, id, price, stock and link, grouped under the flag', () => {
    const size = (code: string, label: string, priceCents: number, stockQuantity: number | null, material: string | null = null) => ({
      id: `size-${code}`,
      code,
      label,
      material,
      sku: `KENYA-${code.toUpperCase()}`,
      price: (priceCents / 100).toFixed(2),
      priceCents,
      salePrice: null,
      salePriceCents: null,
      stockQuantity,
      weightGrams: 200,
    });
    const items = readFeed(
      googleMerchantFeed([flag({ sizes: [size('150x90', '150 × 90 cm', 13_000, null), size('90x60', '90 × 60 cm', 9_900, 0), size('desk', 'Desk flag with stand', 7_500, 12, 'Printed satin')] })], shop),
    ).channel.item!;
    expect(items.map((item) => [item['g:id'], item['g:item_group_id'], item['g:size'], item['g:price'], item['g:availability'], item['g:material']])).toEqual([
      ['kenya-150x90', 'kenya', '150 × 90 cm', '130.00 ZAR', 'in_stock', 'polyester'],
      ['kenya-90x60', 'kenya', '90 × 60 cm', '99.00 ZAR', 'out_of_stock', 'polyester'],
      ['kenya-desk', 'kenya', 'Desk flag with stand', '75.00 ZAR', 'in_stock', 'Printed satin'],
    ]);
    expect(items[1]!['g:link']).toBe('https://flags.example.co.za/product/kenya?size=90x60');
    expect(items[2]!['g:title']).toBe('Kenya Flag, Desk flag with stand');
    for (const item of items) expectValidItem(item, shop.publicUrl);
  });

  it("names each delivery fee: PAXI's two speeds and each courier service with a fixed price, none for a courier's quote", () => {
    const [item] = readFeed(googleMerchantFeed([flag({})], shop)).channel.item!;
    expect(item!['g:shipping'].map((s) => [s['g:service'], s['g:price']])).toEqual([
      ['PAXI Standard', '60.00 ZAR'],
      ['PAXI Express', '110.00 ZAR'],
      ['Courier Economy', '99.00 ZAR'],
    ]);
    const [quoted] = readFeed(googleMerchantFeed([flag({})], { ...shop, courierFees: { kind: 'quoted' } })).channel.item!;
    expect(quoted!['g:shipping'].map((s) => s['g:service'])).toEqual(['PAXI Standard', 'PAXI Express']);
  });

  it("points an uploaded picture's item at its largest WebP copy", () => {
    const [item] = readFeed(googleMerchantFeed([flag({ images: [{ id: 'u', url: '/media/uploads/abc', altText: '', widths: [320, 640, 960] }] })], shop)).channel.item!;
    expect(item!['g:image_link']).toBe('https://flags.example.co.za/media/uploads/abc/960.webp');
  });

  it('keeps markup and control characters an owner typed from breaking the feed', () => {
    const xml = googleMerchantFeed([flag({ description: 'Red & green <b>bold</b> "quoted"\u0000\u0007 end' })], shop);
    const [item] = readFeed(xml).channel.item!;
    expect(item!['g:description']).toBe('Red & green <b>bold</b> "quoted" end');
    expect(xml.includes('\u0000') || xml.includes('\u0007')).toBe(false);
  });
});

describeShop('GET /feeds/google-merchant.xml', {}, (shop) => {
  it('lists every size of every flag in the shop, each item valid, as XML for a day in caches of an hour', async () => {
    const res = await shop.app.inject({ url: '/feeds/google-merchant.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const items = readFeed(res.body).channel.item!;
    const listed = (await shop.app.inject({ url: '/api/products' })).json<ListedProduct[]>();
    const products = await Promise.all(listed.map(async (p) => (await shop.app.inject({ url: `/api/products/${p.slug}` })).json<Product>()));
    expect(items.map((item) => item['g:id'])).toEqual(products.flatMap((p) => p.sizes.map((size) => `${p.slug}-${size.code}`)));
    for (const item of items) expectValidItem(item, shop.config.publicUrl);
  });

  it('serves the PNG that a seeded flag\'s item names as its picture', async () => {
    const [item] = readFeed((await shop.app.inject({ url: '/feeds/google-merchant.xml' })).body).channel.item!;
    const res = await shop.app.inject({ url: new URL(item!['g:image_link'] as string).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200 });
  });

  it.each([
    ['/feeds/pictures/atlantis.png', 404, 'Product not found'],
    ['/feeds/pictures/..%2F..%2Fpackage.json', 400, 'Not a flag picture'],
    ['/feeds/pictures/kenya.svg', 400, 'Not a flag picture'],
    ['/feeds/pictures/kenya%00.png', 400, 'NUL'],
  ])('answers %s with %i in words', async (url, status, message) => {
    const res = await shop.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
  });
});
