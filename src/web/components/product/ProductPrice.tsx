import { cn } from '../../lib/cn';
import { formatRand } from '../../../shared/money';
import { effectivePriceCents, isOnSale, type Product } from '../../../shared/product';

interface ProductPriceProps {
  product: Pick<Product, 'priceCents' | 'salePriceCents'>;
  size?: 'md' | 'lg';
  className?: string;
}

/** The price a shopper pays; on sale, the sale price with the old price struck through. */
export function ProductPrice({ product, size = 'md', className }: ProductPriceProps) {
  const onSale = isOnSale(product);
  const big = size === 'lg';
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)} data-testid="product-price">
      <span className={cn('font-bold whitespace-nowrap', big ? 'text-3xl' : 'text-xl', onSale ? 'text-red-700' : 'text-slate-900')}>
        {onSale && <span className="sr-only">Sale price: </span>}
        {formatRand(effectivePriceCents(product))}
      </span>
      {onSale && (
        <s className={cn('whitespace-nowrap text-slate-600', big ? 'text-lg' : 'text-sm')} data-testid="product-original-price">
          <span className="sr-only">Original price: </span>
          {formatRand(product.priceCents)}
        </s>
      )}
    </p>
  );
}

const badgeBase = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function SaleBadge({ className }: { className?: string }) {
  return (
    <span className={cn(badgeBase, 'bg-red-700 text-white', className)} data-testid="badge-sale">
      Sale
    </span>
  );
}

export function FeaturedBadge({ className }: { className?: string }) {
  return (
    <span className={cn(badgeBase, 'bg-gold-500 text-slate-900', className)} data-testid="badge-featured">
      Featured
    </span>
  );
}
