import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/Skeleton';

/** Spec section 9: the shop shows six skeleton cards while the catalogue loads. */
const SKELETON_CARD_COUNT = 6;

/** Two columns on phones (as Shopify's Dawn theme), three from lg, four from xl. */
const productGridClasses = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ul role="list" className={cn(productGridClasses, className)} data-testid="product-grid">
      {children}
    </ul>
  );
}

function ProductCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="product-card-skeleton">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <div className="flex items-center justify-between pt-2">
          <Skeleton className="h-7 w-20" />
          <Skeleton className="h-9 w-28" />
        </div>
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count = SKELETON_CARD_COUNT }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="product-grid-loading">
      <span className="sr-only">Loading flags</span>
      <div className={productGridClasses} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
