import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { RotateCw, Search, SearchX, TriangleAlert, X } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { Tabs, TabsContent, TabsCount, TabsList, TabsTrigger } from '../components/ui/Tabs';
import { ProductCard } from '../components/product/ProductCard';
import { ProductGrid, ProductGridSkeleton } from '../components/product/ProductGrid';
import { useProducts } from '../components/product/use-products';
import { usePageMeta } from '../lib/use-page-meta';
import { cn } from '../lib/cn';
import { shop } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';
import { regions, type Region } from '../../shared/regions';
import {
  defaultCatalogueFilter,
  filterCatalogue,
  regionCounts,
  type SortDirection,
  type SortKey,
} from '../../shared/catalogue-filter';

type RegionTab = Region | 'All';
const regionTabs: readonly RegionTab[] = ['All', ...regions];

/** Cards in the first row (up to four on wide screens) load their pictures at once. */
const EAGER_CARD_COUNT = 4;

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

function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

function ShopError() {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center" data-testid="shop-error">
      <TriangleAlert className="h-12 w-12 text-red-700" aria-hidden="true" />
      <h2 className="text-2xl font-bold text-slate-900">Error Loading Products</h2>
      <p className="text-slate-600">We're having trouble loading our flag collection. Please try again later.</p>
      <Button onClick={() => window.location.reload()}>
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

export default function ShopPage() {
  usePageMeta(staticPageMeta('shop', shop.name));
  const { data: products, isPending, isError } = useProducts();
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
  const { sortKey, sortDirection } = sortFromParam(searchParams.get('sort'));

  const all = useMemo(() => products ?? [], [products]);
  const shown = useMemo(
    () => filterCatalogue(all, { search, region, sortKey, sortDirection }),
    [all, search, region, sortKey, sortDirection],
  );
  const counts = useMemo(() => regionCounts(all, search, regionTabs), [all, search]);

  // On a narrow screen the chosen region may sit beyond the edge of the scrolling tab list.
  const tabListRef = useRef<HTMLDivElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const list = tabListRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    const margin = 16;
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left + margin;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right + margin;
  }, [region, isPending]);

  const writeFilters = (next: { search: string; region: RegionTab }, replace: boolean) => {
    let params = withParam(searchParams, 'q', next.search);
    params = withParam(params, 'region', next.region === 'All' ? null : next.region.toLowerCase());
    setSearchParams(params, { replace, preventScrollReset: true });
  };
  const changeSearch = (value: string) => {
    setSearch(value);
    writeFilters({ search: value, region }, true);
  };
  const changeRegion = (value: string) => writeFilters({ search, region: regionFromParam(value) }, false);
  const clearFilters = () => {
    setSearch('');
    writeFilters({ search: '', region: 'All' }, false);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Shop Country Flags</h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">
          Premium 150cm x 90cm polyester flags from 60+ countries. Prices include VAT, and every order is collected
          at a PAXI point near you.
        </p>
      </header>

      {isPending ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <ShopError />
      ) : (
        <>
          <div role="search" className="relative mb-5 max-w-xl">
            <label htmlFor="shop-search" className="sr-only">
              Search flags by country
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              ref={searchInputRef}
              id="shop-search"
              type="search"
              value={search}
              onChange={(event) => changeSearch(event.target.value)}
              placeholder="Search flags by country..."
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              className={cn(
                'h-12 w-full rounded-lg border border-slate-300 bg-white pl-11 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-700 [&::-webkit-search-cancel-button]:appearance-none',
                search === '' ? 'pr-3' : 'pr-12',
              )}
              data-testid="shop-search"
            />
            {search !== '' && (
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-1/2 right-0.5 -translate-y-1/2"
                aria-label="Clear search"
                debounceMs={0}
                onClick={() => {
                  changeSearch('');
                  searchInputRef.current?.focus();
                }}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            )}
          </div>

          <Tabs value={region} onValueChange={changeRegion}>
            <TabsList ref={tabListRef} aria-label="Filter by region" data-testid="region-tabs">
              {regionTabs.map((tab) => (
                <TabsTrigger key={tab} value={tab} data-testid={`region-tab-${tab.toLowerCase()}`}>
                  {tab}
                  <TabsCount>
                    <span className="sr-only"> (</span>
                    <span data-testid={`region-count-${tab.toLowerCase()}`}>{counts[tab] ?? 0}</span>
                    <span className="sr-only"> flags)</span>
                  </TabsCount>
                </TabsTrigger>
              ))}
            </TabsList>

            <TabsContent value={region} className="mt-6">
              <p role="status" className="mb-5 text-sm text-slate-600" data-testid="result-count">
                Showing {shown.length} of {all.length} flags
              </p>
              {shown.length === 0 ? (
                <div
                  className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center"
                  data-testid="empty-state"
                >
                  <SearchX className="h-12 w-12 text-slate-400" aria-hidden="true" />
                  <h2 className="text-xl font-bold text-slate-900">No flags found matching your criteria</h2>
                  <p className="max-w-md text-slate-600">Try another country name, or look in all regions.</p>
                  <div className="flex flex-wrap justify-center gap-3">
                    <Button variant="outline" onClick={clearFilters}>
                      Clear Filters
                    </Button>
                    <Button onClick={clearFilters}>Show All Flags</Button>
                  </div>
                </div>
              ) : (
                <ProductGrid>
                  {shown.map((product, i) => (
                    <li key={product.id} className="flex">
                      <ProductCard product={product} eager={i < EAGER_CARD_COUNT} priority={i === 0} />
                    </li>
                  ))}
                </ProductGrid>
              )}
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
