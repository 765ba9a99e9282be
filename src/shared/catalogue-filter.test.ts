import { describe, expect, it } from 'vitest';
import { defaultCatalogueFilter, filterCatalogue, matchesSearch, regionCounts, type CatalogueFilter } from './catalogue-filter';
import { regionOf, type Region } from './regions';

interface Item {
  name: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  region: Region | null;
  /** The cheapest size's price, sale prices counted: the main size's unless a test gives the flag a cheaper one. */
  fromPriceCents: number;
}

const item = (name: string, priceCents: number, salePriceCents: number | null = null, description = ''): Item => ({
  name,
  description: description || `The flag of ${name.toLowerCase()}.`,
  priceCents,
  salePriceCents,
  region: regionOf(name) ?? null,
  fromPriceCents: salePriceCents !== null && salePriceCents < priceCents ? salePriceCents : priceCents,
});

const catalogue: Item[] = [
  item('SOUTH AFRICA', 13000, null, 'Its colours meet in a horizontal Y shape.'),
  item('BOTSWANA', 15000, 12500, 'Light blue for water and rain, or pula.'),
  item('TURKEY', 16000, null, 'A white crescent and star on red.'),
  item('JAPAN', 14000, null, 'A red disc, the sun, on white.'),
  item('BRAZIL', 15000, 17000, 'A blue globe with stars; the sale price here is higher, so it is ignored.'),
  item('UNITED KINGDOM', 13000, null, 'The Union Jack.'),
  item('NEW ZEALAND', 15500, null, 'Southern Cross stars on blue.'),
];

const run = (filter: Partial<CatalogueFilter>) =>
  filterCatalogue(catalogue, { ...defaultCatalogueFilter, ...filter }).map((p) => p.name);

describe('search', () => {
  it('matches the name case-insensitively', () => {
    expect(run({ search: 'south africa' })).toEqual(['SOUTH AFRICA']);
    expect(run({ search: 'JaPaN' })).toEqual(['JAPAN']);
  });

  it('matches the description case-insensitively', () => {
    expect(run({ search: 'PULA' })).toEqual(['BOTSWANA']);
    expect(run({ search: 'crescent' })).toEqual(['TURKEY']);
    expect(run({ search: 'STARS' })).toEqual(['BRAZIL', 'NEW ZEALAND']);
  });

  it('ignores surrounding whitespace and keeps everything for an empty search', () => {
    expect(run({ search: '  japan ' })).toEqual(['JAPAN']);
    expect(run({ search: '   ' })).toHaveLength(catalogue.length);
    expect(matchesSearch(catalogue[0]!, '')).toBe(true);
  });

  it('finds nothing for text that is nowhere', () => {
    expect(run({ search: 'atlantis' })).toEqual([]);
  });

  it('lists the flags whose name matches before those matched only by their description, each part in the chosen order', () => {
    const withNorway = [
      ...catalogue,
      item('NORWAY', 12000, null, 'The Nordic cross, shared with Denmark, Sweden and the United Kingdom.'),
      item('UNITED STATES OF AMERICA', 16500, null, 'Fifty stars.'),
    ];
    const search = (filter: Partial<CatalogueFilter>) => filterCatalogue(withNorway, { ...defaultCatalogueFilter, search: 'united', ...filter }).map((p) => p.name);
    expect(search({})).toEqual(['UNITED KINGDOM', 'UNITED STATES OF AMERICA', 'NORWAY']);
    expect(search({ sortKey: 'name', sortDirection: 'desc' })).toEqual(['UNITED STATES OF AMERICA', 'UNITED KINGDOM', 'NORWAY']);
    expect(search({ sortKey: 'price', sortDirection: 'desc' })).toEqual(['UNITED STATES OF AMERICA', 'UNITED KINGDOM', 'NORWAY']);
    expect(search({ sortKey: 'price', sortDirection: 'asc' })).toEqual(['UNITED KINGDOM', 'UNITED STATES OF AMERICA', 'NORWAY']);
  });
});

describe('region filter', () => {
  it('keeps the products of the region', () => {
    expect(run({ region: 'Africa' })).toEqual(['BOTSWANA', 'SOUTH AFRICA']);
    expect(run({ region: 'Europe' })).toEqual(['UNITED KINGDOM']);
    expect(run({ region: 'Americas' })).toEqual(['BRAZIL']);
    expect(run({ region: 'Oceania' })).toEqual(['NEW ZEALAND']);
  });

  it('puts TURKEY in Asia', () => {
    expect(run({ region: 'Asia' })).toEqual(['JAPAN', 'TURKEY']);
  });

  it('combines with the search', () => {
    expect(run({ region: 'Asia', search: 'white' })).toEqual(['JAPAN', 'TURKEY']);
    expect(run({ region: 'Asia', search: 'crescent' })).toEqual(['TURKEY']);
    expect(run({ region: 'Africa', search: 'crescent' })).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by name ascending by default and descending on request', () => {
    const asc = ['BOTSWANA', 'BRAZIL', 'JAPAN', 'NEW ZEALAND', 'SOUTH AFRICA', 'TURKEY', 'UNITED KINGDOM'];
    expect(run({})).toEqual(asc);
    expect(run({ sortKey: 'name', sortDirection: 'desc' })).toEqual([...asc].reverse());
  });

  it('sorts by price using the sale price when it is lower, ties by name', () => {
    // BOTSWANA pays 125.00 (sale); BRAZIL pays 150.00 (its "sale" price is higher).
    expect(run({ sortKey: 'price', sortDirection: 'asc' })).toEqual([
      'BOTSWANA',
      'SOUTH AFRICA',
      'UNITED KINGDOM',
      'JAPAN',
      'BRAZIL',
      'NEW ZEALAND',
      'TURKEY',
    ]);
  });

  it("sorts a flag sold in several sizes by its cheapest size's price", () => {
    const withDeskFlag = catalogue.map((p) => (p.name === 'TURKEY' ? { ...p, fromPriceCents: 6000 } : p));
    expect(filterCatalogue(withDeskFlag, { ...defaultCatalogueFilter, sortKey: 'price', sortDirection: 'asc' })[0]!.name).toBe('TURKEY');
  });

  it('sorts by price descending', () => {
    const names = run({ sortKey: 'price', sortDirection: 'desc' });
    expect(names[0]).toBe('TURKEY');
    expect(names.at(-1)).toBe('BOTSWANA');
  });

  it('does not change the list it is given', () => {
    const before = catalogue.map((p) => p.name);
    run({ sortKey: 'price', sortDirection: 'desc' });
    expect(catalogue.map((p) => p.name)).toEqual(before);
  });
});

describe('regionCounts', () => {
  const tabs = ['All', 'Africa', 'Europe', 'Americas', 'Asia', 'Oceania'] as const;

  it('counts the products of every tab', () => {
    expect(regionCounts(catalogue, '', tabs)).toEqual({ All: 7, Africa: 2, Europe: 1, Americas: 1, Asia: 2, Oceania: 1 });
  });

  it('counts only what the search keeps', () => {
    expect(regionCounts(catalogue, 'stars', tabs)).toEqual({ All: 2, Africa: 0, Europe: 0, Americas: 1, Asia: 0, Oceania: 1 });
  });
});
