import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { withParam } from '../../lib/search-params';
import { regions, type Region } from '../../../shared/regions';
import { defaultCatalogueFilter, type CatalogueFilter, type SortDirection, type SortKey } from '../../../shared/catalogue-filter';

export type RegionTab = Region | 'All';
export const regionTabs: readonly RegionTab[] = ['All', ...regions];

/** The shop's orders (spec: by name or price, ascending or descending), as the address writes them. */
export const sortOptions = [
  { value: 'name-asc', label: 'Name: A to Z' },
  { value: 'name-desc', label: 'Name: Z to A' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const;

const defaultSort = `${defaultCatalogueFilter.sortKey}-${defaultCatalogueFilter.sortDirection}`;

/*
 * The filters live in the address (`?q=flag&region=africa&sort=price-desc`) so a filtered shop can be
 * linked to and the back button undoes a region or sort change. Defaults are left out of the address;
 * a sort the shop does not know reads as the default.
 */
function regionFromParam(value: string | null): RegionTab {
  const wanted = value?.trim().toLowerCase();
  return regions.find((r) => r.toLowerCase() === wanted) ?? 'All';
}

function sortFromParam(value: string | null): { sortKey: SortKey; sortDirection: SortDirection } {
  const known = sortOptions.find((option) => option.value === value?.trim().toLowerCase());
  if (!known) return { sortKey: defaultCatalogueFilter.sortKey, sortDirection: defaultCatalogueFilter.sortDirection };
  const [sortKey, sortDirection] = known.value.split('-') as [SortKey, SortDirection];
  return { sortKey, sortDirection };
}

/** The shop's search, region and sort, read from the address and written back to it. */
export function useShopFilters() {
  const [searchParams, setSearchParams] = useSearchParams();

  // The box follows the address when the shopper navigates (a link, the back button); its own
  // keystrokes replace the address in the background, so typing never waits for the router.
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlSearch = searchParams.get('q') ?? '';
  const [search, setSearch] = useState(urlSearch);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    if (navigationType !== 'REPLACE' && urlSearch !== search) setSearch(urlSearch);
  }

  const region = regionFromParam(searchParams.get('region'));
  const filter: CatalogueFilter = { search, region, ...sortFromParam(searchParams.get('sort')) };
  const sort = `${filter.sortKey}-${filter.sortDirection}`;

  const writeFilters = (next: { search: string; region: RegionTab; sort?: string }, replace: boolean) => {
    let params = withParam(searchParams, 'q', next.search);
    params = withParam(params, 'region', next.region === 'All' ? null : next.region.toLowerCase());
    if (next.sort !== undefined) params = withParam(params, 'sort', next.sort === defaultSort ? null : next.sort);
    // A region tab reports its choice on both press and focus, before the page has re-read the
    // address: compared with the address itself, the second report leaves no second step for Back.
    if (params.toString() === new URLSearchParams(window.location.search).toString()) return;
    setSearchParams(params, { replace, preventScrollReset: true });
  };

  return {
    filter,
    /** The chosen order as the sort control names it, e.g. 'price-desc'. */
    sort,
    changeSort(value: string) {
      const { sortKey, sortDirection } = sortFromParam(value);
      writeFilters({ search, region, sort: `${sortKey}-${sortDirection}` }, false);
    },
    changeSearch(value: string) {
      setSearch(value);
      writeFilters({ search: value, region }, true);
    },
    changeRegion(value: string) {
      writeFilters({ search, region: regionFromParam(value) }, false);
    },
    clearFilters() {
      setSearch('');
      writeFilters({ search: '', region: 'All' }, false);
    },
  };
}
