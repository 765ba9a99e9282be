import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { withParam } from '../../lib/search-params';
import { regions, type Region } from '../../../shared/regions';
import { defaultCatalogueFilter, type CatalogueFilter, type SortDirection, type SortKey } from '../../../shared/catalogue-filter';

export type RegionTab = Region | 'All';
export const regionTabs: readonly RegionTab[] = ['All', ...regions];

/*
 * The filters live in the address (`?q=flag&region=africa&sort=price-desc`) so a filtered shop can be
 * linked to and the back button undoes a region change. Defaults are left out of the address.
 * Sorting (name or price, either direction) has no control on the page; only the address sets it.
 */
function regionFromParam(value: string | null): RegionTab {
  const wanted = value?.trim().toLowerCase();
  return regions.find((r) => r.toLowerCase() === wanted) ?? 'All';
}

function sortFromParam(value: string | null): { sortKey: SortKey; sortDirection: SortDirection } {
  const [key, direction] = (value ?? '').toLowerCase().split('-');
  return {
    sortKey: key === 'price' || key === 'name' ? key : defaultCatalogueFilter.sortKey,
    sortDirection: direction === 'desc' ? 'desc' : direction === 'asc' ? 'asc' : defaultCatalogueFilter.sortDirection,
  };
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

  const writeFilters = (next: { search: string; region: RegionTab }, replace: boolean) => {
    let params = withParam(searchParams, 'q', next.search);
    params = withParam(params, 'region', next.region === 'All' ? null : next.region.toLowerCase());
    setSearchParams(params, { replace, preventScrollReset: true });
  };

  return {
    filter,
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
