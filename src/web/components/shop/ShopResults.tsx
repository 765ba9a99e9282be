import { Suspense } from 'react';
import { RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/Button';
import { ProductCard } from '../product/ProductCard';
import { ProductGrid } from '../product/ProductGrid';
import type { ListedProduct } from '../../../shared/product';

/** Cards in the first row (up to four on wide screens) load their pictures at once. */
const EAGER_CARD_COUNT = 4;

function NoFlagsFound({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center" data-testid="empty-state">
      <SearchX className="h-12 w-12 text-slate-400" aria-hidden="true" />
      <h2 className="text-xl font-bold text-slate-900">No flags found matching your criteria</h2>
      <p className="max-w-md text-slate-600">Try another country name, or look in all regions.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
        <Button onClick={onClear}>Show All Flags</Button>
      </div>
    </div>
  );
}

/** 'Showing X of Y flags', then the cards, or a way back to every flag when none match. */
export function ShopResults({ shown, total, onClearFilters }: { shown: readonly ListedProduct[]; total: number; onClearFilters: () => void }) {
  return (
    <>
      <p role="status" className="mb-5 text-sm text-slate-600" data-testid="result-count">
        Showing {shown.length} of {total} flags
      </p>
      {shown.length === 0 ? (
        <NoFlagsFound onClear={onClearFilters} />
      ) : (
        <ProductGrid>
          {shown.map((product, i) => (
            <li key={product.id} className="flex">
              {/* Each card its own boundary: hydrating a server-rendered grid goes card by card, with the
                  browser free to answer the shopper in between (decision 0032). */}
              <Suspense>
                <ProductCard product={product} eager={i < EAGER_CARD_COUNT} priority={i === 0} />
              </Suspense>
            </li>
          ))}
        </ProductGrid>
      )}
    </>
  );
}

export function ShopError() {
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
