import { useMemo } from 'react';
import { Tabs, TabsContent } from '../components/ui/Tabs';
import { ProductGridSkeleton } from '../components/product/ProductGrid';
import { useProducts } from '../components/product/use-products';
import { RegionTabList } from '../components/shop/RegionTabList';
import { ShopError, ShopResults } from '../components/shop/ShopResults';
import { ShopSearchBox } from '../components/shop/ShopSearchBox';
import { ShopSortSelect } from '../components/shop/ShopSortSelect';
import { regionTabs, useShopFilters } from '../components/shop/use-shop-filters';
import { usePageMeta } from '../lib/use-page-meta';
import { shop, vatVendor } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';
import { filterCatalogue, regionCounts } from '../../shared/catalogue-filter';
import { COUNTRIES_COUNT, FLAG_SIZE } from '../../shared/shop-facts';

/** /shop: the catalogue, searched and narrowed to a region, with the filters kept in the address. */
export default function ShopPage() {
  usePageMeta(staticPageMeta('shop', shop.name));
  const { data: products, isPending, isError } = useProducts();
  const { filter, sort, changeSearch, changeRegion, changeSort, clearFilters } = useShopFilters();
  const { search, region, sortKey, sortDirection } = filter;

  const all = useMemo(() => products ?? [], [products]);
  const shown = useMemo(() => filterCatalogue(all, { search, region, sortKey, sortDirection }), [all, search, region, sortKey, sortDirection]);
  const counts = useMemo(() => regionCounts(all, search, regionTabs), [all, search]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Shop Country Flags</h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg">
          Premium {FLAG_SIZE} polyester flags from {COUNTRIES_COUNT} countries.{' '}
          {vatVendor && 'Prices include VAT. '}Collect your order at a PAXI point near you, or have a courier bring it to your door.
        </p>
      </header>

      {isPending ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <ShopError />
      ) : (
        <>
          <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ShopSearchBox value={search} onChange={changeSearch} />
            <ShopSortSelect value={sort} onChange={changeSort} />
          </div>
          <Tabs value={region} onValueChange={changeRegion}>
            <RegionTabList region={region} counts={counts} />
            <TabsContent value={region} className="mt-6">
              <ShopResults shown={shown} total={all.length} onClearFilters={clearFilters} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}
