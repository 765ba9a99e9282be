import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it, expect } from 'vitest';
import { catalogueSeed } from '../server/catalog/seed-data';
import { matchesRegion, regionCountries, regionOf, regions, type Region } from './regions';

const kebab = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('regionOf', () => {
  it('maps countries to their regions', () => {
    expect(regionOf('SOUTH AFRICA')).toBe('Africa');
    expect(regionOf('TURKEY')).toBe('Asia');
    expect(regionOf('ISRAEL')).toBe('Asia');
    expect(regionOf('SAUDI ARABIA')).toBe('Asia');
    expect(regionOf('UNITED KINGDOM')).toBe('Europe');
    expect(regionOf('BRAZIL')).toBe('Americas');
    expect(regionOf('NEW ZEALAND')).toBe('Oceania');
  });

  it('is case-insensitive and ignores surrounding whitespace', () => {
    expect(regionOf('south africa')).toBe('Africa');
    expect(regionOf('  United Kingdom ')).toBe('Europe');
  });

  it('returns undefined for unknown names', () => {
    expect(regionOf('ATLANTIS')).toBeUndefined();
    expect(regionOf('')).toBeUndefined();
  });

  it('assigns each name to only one region', () => {
    const all = regions.flatMap((region) => regionCountries[region]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('matchesRegion', () => {
  it('always matches All, flags without a region too', () => {
    expect(matchesRegion('Africa', 'All')).toBe(true);
    expect(matchesRegion(null, 'All')).toBe(true);
  });

  it('matches only the flag\'s own region', () => {
    expect(matchesRegion('Asia', 'Asia')).toBe(true);
    expect(matchesRegion('Asia', 'Europe')).toBe(false);
    expect(matchesRegion(null, 'Africa')).toBe(false);
  });
});

describe('catalogueSeed', () => {
  it('has at least 60 products with South Africa first', () => {
    expect(catalogueSeed.length).toBeGreaterThanOrEqual(60);
    expect(catalogueSeed[0]?.name).toBe('SOUTH AFRICA');
  });

  it('gives every product a region', () => {
    const missing = catalogueSeed.filter((p) => regionOf(p.name) === undefined).map((p) => p.name);
    expect(missing).toEqual([]);
  });

  it('has unique kebab-case slugs', () => {
    const slugs = catalogueSeed.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of catalogueSeed) expect(p.slug).toBe(kebab(p.name));
  });

  it('uses valid prices', () => {
    for (const p of catalogueSeed) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThanOrEqual(13000);
      if (p.salePriceCents !== undefined) {
        expect(Number.isInteger(p.salePriceCents)).toBe(true);
        expect(p.salePriceCents).toBeLessThan(p.priceCents);
        expect(p.salePriceCents).toBeGreaterThanOrEqual(11000);
      }
    }
  });

  it('features the three best-sellers at R130 without a sale price', () => {
    for (const slug of ['south-africa', 'united-states-of-america', 'united-kingdom']) {
      const p = catalogueSeed.find((product) => product.slug === slug);
      expect(p?.featured).toBe(true);
      expect(p?.priceCents).toBe(13000);
      expect(p?.salePriceCents).toBeUndefined();
    }
  });

  it('has a 4x3 and 1x1 flag SVG for every country code', () => {
    const flagsDir = resolve(process.cwd(), 'node_modules/flag-icons/flags');
    const missing = catalogueSeed.flatMap((p) =>
      ['4x3', '1x1']
        .map((ratio) => `${ratio}/${p.countryCode}.svg`)
        .filter((file) => !existsSync(resolve(flagsDir, file))),
    );
    expect(missing).toEqual([]);
  });

  it('has at least 3 products in each region', () => {
    const counts = new Map<Region, number>();
    for (const p of catalogueSeed) {
      const region = regionOf(p.name);
      if (region) counts.set(region, (counts.get(region) ?? 0) + 1);
    }
    for (const region of regions) expect(counts.get(region) ?? 0).toBeGreaterThanOrEqual(3);
  });
});
