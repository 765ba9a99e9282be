import { describe, expect, it } from 'vitest';
import { countryName, lineName, listedProduct, lowestPriceCents, type Product } from './product';
import { catalogueSeed } from '../server/catalog/seed-data';
import { orderConfirmationMessage } from '../server/notify/templates';
import { sampleShop } from '../server/config';
import { defaultAltText } from './product-admin';
import { stockShortMessage } from './stock';
import { productPageMeta } from './page-meta';
import { FLAG_SIZE } from './shop-facts';

describe('a flag name', () => {
  it.each([
    ['SOUTH AFRICA', 'South Africa'],
    ['UNITED STATES OF AMERICA', 'United States of America'],
    ['TRINIDAD AND TOBAGO', 'Trinidad and Tobago'],
    ['THE GAMBIA', 'The Gambia'],
    ['GUINEA-BISSAU', 'Guinea-Bissau'],
    ["CÔTE D'IVOIRE", "Côte D'Ivoire"],
    ['  KENYA ', 'Kenya'],
  ])('stored as %s reads %s', (stored, shown) => {
    expect(countryName(stored)).toBe(shown);
  });

  it('typed in mixed case by the order desk is shown as typed, and formatting twice changes nothing', () => {
    expect(countryName('Rainbow Pride of Cape Town')).toBe('Rainbow Pride of Cape Town');
    for (const { name } of catalogueSeed) expect(countryName(countryName(name))).toBe(countryName(name));
  });

  it('is the same in the page title, the stock message, the default picture text and the confirmation email', () => {
    const stored = 'UNITED STATES OF AMERICA';
    const shown = 'United States of America';
    expect(productPageMeta({ name: stored, description: '' }, 'Cape Flag Co.').title).toBe(`${shown} Flag | Cape Flag Co.`);
    expect(stockShortMessage(stored, 2)).toBe(`Sorry, only 2 ${shown} flags are left.`);
    expect(defaultAltText(stored)).toBe(`Flag of ${shown}`);
    const email = orderConfirmationMessage(
      { shop: sampleShop, publicUrl: 'https://capeflags.example', courierFees: { kind: 'quoted' } },
      {
        orderNumber: 'CF-1001',
        userId: 'user-1',
        placedAsGuest: false,
        customerName: 'Thandi Nkosi',
        customerEmail: 'thandi@example.co.za',
        items: [{ productName: stored, productPrice: 13_000, quantity: 2 }],
        subtotalCents: 26_000,
        deliveryFeeCents: 6_000,
        totalAmount: 32_000,
        deliveryOption: 'paxi_standard',
        paxiLocationName: 'PEP Sea Point',
        paxiLocationAddress: 'Main Road, Sea Point',
      },
    );
    expect(email.text).toContain(`2 x ${shown}: R260.00`);
    expect(email.html).toContain(`2 x ${shown}`);
    expect(email.text).not.toContain(stored);
  });
});

describe("a flag's size", () => {
  it.each(catalogueSeed.map((p) => [p.slug, p.description] as const))('in the description of %s is the size of the specification table', (_slug, description) => {
    expect(description).toContain(FLAG_SIZE);
    expect(description).not.toMatch(/90\s*cm\s*x\s*150\s*cm/i);
  });
});

describe("a flag's list entry", () => {
  const size = (code: string, priceCents: number, salePriceCents: number | null = null) => ({
    id: `size-${code}`,
    code,
    label: `${code} label`,
    material: null,
    sku: `KENYA-${code}`,
    price: (priceCents / 100).toFixed(2),
    priceCents,
    salePrice: salePriceCents === null ? null : (salePriceCents / 100).toFixed(2),
    salePriceCents,
    stockQuantity: null,
    weightGrams: 200,
  });
  const kenya = (sizes: ReturnType<typeof size>[]): Product => ({
    id: 'kenya',
    slug: 'kenya',
    name: 'KENYA',
    description: 'The flag of Kenya.',
    price: sizes[0]!.price,
    priceCents: sizes[0]!.priceCents,
    salePrice: sizes[0]!.salePrice,
    salePriceCents: sizes[0]!.salePriceCents,
    currency: 'ZAR',
    isActive: true,
    featured: false,
    region: 'Africa',
    stockQuantity: null,
    images: [],
    primaryImage: null,
    sizes,
  });

  it('sums up the sizes: how many, the main one, and the cheapest price counting sale prices lower than the price', () => {
    const listed = listedProduct(kenya([size('150x90', 19_000, 16_500), size('90x60', 13_500, 14_000), size('desk', 7_500, 6_000)]));
    expect(listed).toMatchObject({ sizeCount: 3, mainSizeLabel: '150x90 label', fromPriceCents: 6_000, priceCents: 19_000 });
    expect(listed).not.toHaveProperty('sizes');
    expect(listedProduct(kenya([size('150x90', 19_000), size('90x60', 13_500, 14_000)])).fromPriceCents).toBe(13_500);
    expect(lowestPriceCents([listed, { fromPriceCents: 4_500 }])).toBe(4_500);
    expect(lowestPriceCents([])).toBeUndefined();
  });

  it("names a line with its size, and a line from before sizes as it was", () => {
    expect(lineName({ productName: 'SOUTH AFRICA', sizeLabel: '90 × 60 cm' })).toBe('South Africa (90 × 60 cm)');
    expect(lineName({ productName: 'SOUTH AFRICA' })).toBe('South Africa');
  });
});
