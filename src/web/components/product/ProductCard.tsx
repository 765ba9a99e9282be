import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '../ui/Button';
import { AddToCartButton } from '../cart/AddToCartButton';
import { useHoverPrefetch } from '../../lib/use-hover-prefetch';
import { countryName, effectivePriceCents, isOnSale, type ListedProduct } from '../../../shared/product';
import { formatRand } from '../../../shared/money';
import { maxBuyable } from '../../../shared/stock';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { ProductImage } from '../ui/ProductImage';
import { FeaturedBadge, ProductPrice, SaleBadge } from './ProductPrice';
import { StockBadge } from './StockBadge';
import { usePrefetchProduct } from './use-products';
import { lineLimit } from '../../lib/initial-data';

interface ProductCardProps {
  product: ListedProduct;
  /** Cards in the first row load their picture at once; the very first gets high priority. */
  eager?: boolean;
  priority?: boolean;
}

/**
 * A flag in the shop grid, two to a row on a phone: name, price, stock, Add to Cart (one flag) and
 * View Details, each button a 44 px tap target; the description shows from the sm width up.
 * Hovering or focusing it for 100 ms loads its product page ahead of the click.
 */
export function ProductCard({ product, eager = false, priority = false }: ProductCardProps) {
  const prefetch = usePrefetchProduct(product.slug);
  const hoverHandlers = useHoverPrefetch(prefetch);
  const onSale = isOnSale(product);
  const name = countryName(product.name);
  const alt = product.images[0]?.altText || `Flag of ${name}`;
  return (
    <article
      {...hoverHandlers}
      data-testid="product-card"
      data-product-slug={product.slug}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] bg-slate-50 p-3 sm:p-5">
        <ProductImage
          src={product.primaryImage}
          widths={product.images[0]?.widths}
          sizes={PICTURE_SIZES.card}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="h-full w-full object-contain drop-shadow-sm"
        />
        {(onSale || product.featured) && (
          <div className="absolute top-2 left-2 flex flex-wrap gap-1.5 sm:top-3 sm:left-3">
            {onSale && <SaleBadge />}
            {product.featured && <FeaturedBadge />}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h2 className="text-base leading-snug font-bold break-words text-slate-900 sm:text-lg" data-testid="product-name">
          {name}
        </h2>
        <p className="hidden text-sm text-slate-600 sm:line-clamp-2">{product.description}</p>
        <div className="mt-auto flex flex-col gap-3 pt-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ProductPrice product={product} />
            <StockBadge stockQuantity={product.stockQuantity} />
          </div>
          {/* The price and Add to Cart are the main size's; the other sizes are a click away. */}
          {product.sizeCount > 1 && (
            <p className="-mt-2 text-xs text-slate-600" data-testid="size-range">
              {product.mainSizeLabel}
              {product.fromPriceCents < effectivePriceCents(product) ? (
                <>
                  {' '}
                  · {product.sizeCount} sizes from {formatRand(product.fromPriceCents)}
                </>
              ) : (
                <> · {product.sizeCount} sizes</>
              )}
            </p>
          )}
          <AddToCartButton
            product={product}
            disabled={maxBuyable(product.stockQuantity, lineLimit) === 0}
            aria-label={`Add to Cart: ${name}`}
            className="w-full px-2 sm:px-4"
          />
          <Link
            to={`/product/${product.slug}`}
            aria-label={`View Details of ${name}`}
            className={buttonClasses('outline', 'md', 'w-full px-2 whitespace-nowrap sm:px-4')}
            data-testid="view-details"
          >
            View Details
            {/* On a phone's half-width card the words need the arrow's room to stay on one line. */}
            <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5 max-sm:hidden" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
