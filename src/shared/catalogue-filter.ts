import { matchesRegion, type Region } from './regions';
import type { ListedProduct } from './product';

/** The parts of an address the shop page reads: its search, region and sort (use-shop-filters.ts). */
export const SHOP_ADDRESS_PARAMS = ['q', 'region', 'sort'] as const;

export type SortKey = 'name' | 'price';
export type SortDirection = 'asc' | 'desc';

export interface CatalogueFilter {
  search: string;
  region: Region | 'All';
  sortKey: SortKey;
  sortDirection: SortDirection;
}

export const defaultCatalogueFilter: CatalogueFilter = {
  search: '',
  region: 'All',
  sortKey: 'name',
  sortDirection: 'asc',
};

type Filterable = Pick<ListedProduct, 'name' | 'description' | 'region' | 'fromPriceCents'>;

/** Case-insensitive match of the search text against name or description. */
export function matchesSearch(product: Filterable, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return product.name.toLowerCase().includes(needle) || product.description.toLowerCase().includes(needle);
}

/**
 * The flags the search, region and order keep. A search for 'united' means the United Kingdom
 * before Norway, whose description only mentions it: flags whose name matches come first, then
 * those found by their description, each part in the chosen order.
 */
export function filterCatalogue<T extends Filterable>(products: readonly T[], filter: CatalogueFilter): T[] {
  const kept = products.filter((p) => matchesSearch(p, filter.search) && matchesRegion(p.region, filter.region));
  const needle = filter.search.trim().toLowerCase();
  const byDescriptionOnly = (p: T) => (needle !== '' && !p.name.toLowerCase().includes(needle) ? 1 : 0);
  const sign = filter.sortDirection === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const byKey =
      filter.sortKey === 'price'
        ? a.fromPriceCents - b.fromPriceCents
        : a.name.localeCompare(b.name, 'en');
    return byDescriptionOnly(a) - byDescriptionOnly(b) || sign * (byKey || a.name.localeCompare(b.name, 'en'));
  });
}

/** Count of products per region tab, for the search text in force (tabs show what each would hold). */
export function regionCounts<T extends Filterable>(
  products: readonly T[],
  search: string,
  tabs: readonly (Region | 'All')[],
): Record<string, number> {
  const searched = products.filter((p) => matchesSearch(p, search));
  return Object.fromEntries(tabs.map((tab) => [tab, searched.filter((p) => matchesRegion(p.region, tab)).length]));
}
