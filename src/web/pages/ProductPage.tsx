import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Check, ChevronRight, SearchX } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { Skeleton } from '../components/ui/Skeleton';
import { QuantityStepper } from '../components/ui/QuantityStepper';
import { ProductGallery } from '../components/product/ProductGallery';
import { FeaturedBadge, ProductPrice, SaleBadge } from '../components/product/ProductPrice';
import { StockBadge } from '../components/product/StockBadge';
import { OutOfStockHelp } from '../components/product/OutOfStockHelp';
import { ShareButton } from '../components/product/ShareButton';
import { SizePicker } from '../components/product/SizePicker';
import { QuantityBreaks } from '../components/product/QuantityBreaks';
import { Tooltip } from '../components/ui/Tooltip';
import { WishlistButton } from '../components/product/WishlistButton';
import { ProductFetchError, useProduct } from '../components/product/use-products';
import { AddToCartButton } from '../components/cart/AddToCartButton';
import { sentenceEndingWith } from '../../shared/shop-details';
import { usePageMeta } from '../lib/use-page-meta';
import { lineLimit, quantityBreaks, shop, vatVendor } from '../lib/initial-data';
import { MIN_LINE_QUANTITY } from '../../shared/cart';
import { productNotFoundMeta, productPageMeta } from '../../shared/page-meta';
import { chosenSize, countryName, effectivePriceCents, isOnSale, type Product } from '../../shared/product';
import { maxBuyable } from '../../shared/stock';
import { FLAG_MATERIAL, PAXI_STANDARD } from '../../shared/shop-facts';

const keyFeatures = [
  'Premium knitted polyester: light enough to fly in a gentle breeze, strong enough for a Cape Town south-easter',
  'Fade-resistant printing that keeps its colours bright in the South African sun',
  'Double-stitched edges that resist fraying in the wind',
  'Two brass grommets for quick, secure hoisting on any standard flagpole',
  'Made for indoor display and outdoor flying alike',
];

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The chosen size's facts: the shop's polyester unless the size says its own material. */
function specificationsOf(size: Product['sizes'][number]): readonly [label: string, value: string][] {
  return [
    ['Material', capitalised(size.material ?? FLAG_MATERIAL)],
    ['Size', size.label],
    ['Weight', `${size.weightGrams}g`],
  ];
}

function Breadcrumb({ current }: { current: string }) {
  const linkClass = 'rounded-sm text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline';
  const separator = <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />;
  return (
    <nav aria-label="Breadcrumb" className="mb-4 sm:mb-6">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        <li>
          <Link to="/" className={linkClass}>
            Home
          </Link>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          <Link to="/shop" className={linkClass}>
            Shop
          </Link>
        </li>
        <li className="flex min-w-0 items-center gap-1.5">
          {separator}
          <span aria-current="page" className="truncate font-medium text-slate-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(MIN_LINE_QUANTITY);
  // The size is in the address (?size=90x60): a shared link opens on it, and Back returns to the one before.
  const [params, setParams] = useSearchParams();
  const size = chosenSize(product, params.get('size'));
  // A quote starts with this flag in the size on show.
  const quoteAddress = `/quote?${new URLSearchParams({ flag: product.slug, ...(size ? { size: size.code } : {}) })}`;
  // Until the flag's sizes arrive, its list entry shows: the main size's price and stock.
  const priced = size ?? product;
  const buyable = maxBuyable(priced.stockQuantity, lineLimit);
  const country = countryName(product.name);
  const shareTarget = {
    title: `${country} Flag | ${shop.name}`,
    text: size ? `${country} flag in ${size.label} ${size.material ?? FLAG_MATERIAL} from ${sentenceEndingWith(shop.name)}` : `${country} flag from ${sentenceEndingWith(shop.name)}`,
    path: size ? `/product/${product.slug}?size=${encodeURIComponent(size.code)}` : `/product/${product.slug}`,
  };
  const choose = (next: Product['sizes'][number]) => {
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('size', next.code);
      return changed;
    }, { preventScrollReset: true });
    setQuantity((typed) => Math.min(typed, Math.max(MIN_LINE_QUANTITY, maxBuyable(next.stockQuantity, lineLimit))));
  };

  // On a phone the price, the sizes and Add to Cart come right under a shorter picture, inside the
  // first screen (375 x 667); the description follows them, as in Shopify's Dawn theme.
  return (
    <>
      <Breadcrumb current={country} />
      <div className="grid gap-5 md:grid-cols-2 md:gap-8 lg:gap-12">
        <ProductGallery images={product.images} fallbackAlt={`Flag of ${country}`} />

        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex flex-col gap-2 sm:gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <StockBadge stockQuantity={priced.stockQuantity} showInStock />
              {isOnSale(priced) && <SaleBadge />}
              {product.featured && <FeaturedBadge />}
            </div>
            <h1 className="text-2xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl" data-testid="product-title">
              {country}
            </h1>
            <ProductPrice product={priced} size="lg" />
            <p className="text-xs text-slate-600 sm:text-sm" data-testid="price-note">
              {vatVendor && 'Price includes 15% VAT. '}PAXI collection from {PAXI_STANDARD.feeLabel}.
            </p>
            {size && product.sizes.length > 1 && <SizePicker sizes={product.sizes} chosen={size} onChoose={choose} />}
          </div>

          <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 pb-6 sm:gap-3" data-testid="buy-box">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              min={MIN_LINE_QUANTITY}
              max={Math.max(MIN_LINE_QUANTITY, buyable)}
              mostNote={
                buyable < lineLimit ? (
                  `Only ${buyable} left.`
                ) : (
                  <>
                    Up to {lineLimit} of one flag per order. For more,{' '}
                    <Link to={quoteAddress} className="font-medium text-brand-700 underline">
                      request a quote
                    </Link>
                    .
                  </>
                )
              }
            />
            <AddToCartButton
              product={product}
              productSize={size}
              quantity={quantity}
              size="lg"
              className="min-w-40 flex-1 whitespace-nowrap"
              disabled={buyable === 0}
            />
            <div className="flex gap-2 sm:gap-3">
              <Tooltip label="Save to wishlist">
                <WishlistButton product={product} className="h-12 w-12" />
              </Tooltip>
              <Tooltip label="Share this flag">
                <ShareButton target={shareTarget} className="h-12 w-12" />
              </Tooltip>
            </div>
            <OutOfStockHelp stockQuantity={priced.stockQuantity} />
            <QuantityBreaks unitCents={effectivePriceCents(priced)} breaks={quantityBreaks} quantity={quantity} />
            <p className="w-full text-sm text-slate-600">
              More than {lineLimit}, or a size or print we don't list?{' '}
              <Link to={quoteAddress} className="font-medium text-brand-700 underline underline-offset-2">
                Request a quote
              </Link>
            </p>
          </div>

          <p className="leading-relaxed text-slate-700" data-testid="product-description">
            {product.description}
          </p>

          {/* The key features are those of the shop's polyester flag: a size of its own material (a satin desk flag) says what it is in the specifications. */}
          {!size?.material && (
            <section aria-labelledby="key-features">
              <h2 id="key-features" className="mb-3 text-lg font-bold text-slate-900">
                Key Features
              </h2>
              <ul className="flex flex-col gap-2">
                {keyFeatures.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-700">
                    <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {size && (
            <section aria-labelledby="specifications">
              <h2 id="specifications" className="mb-3 text-lg font-bold text-slate-900">
                Specifications
              </h2>
              <div className="overflow-hidden rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm" data-testid="specifications">
                  <tbody className="divide-y divide-slate-200">
                    {specificationsOf(size).map(([label, value]) => (
                      <tr key={label}>
                        <th scope="row" className="w-1/3 bg-slate-50 px-4 py-3 font-semibold text-slate-900">
                          {label}
                        </th>
                        <td className="px-4 py-3 text-slate-700">{value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
        </div>
      </div>
    </>
  );
}

function ProductNotFound({ error }: { error: unknown }) {
  const missing = error instanceof ProductFetchError && error.status === 404;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center" data-testid="product-not-found">
      <SearchX className="h-12 w-12 text-slate-400" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-slate-900">Product Not Found</h1>
      <p className="text-slate-600">
        {missing
          ? 'We could not find this flag. It may no longer be in our catalogue, or the link may be out of date.'
          : 'We could not load this flag just now. Please check your connection and try again, or browse the shop.'}
      </p>
      <Link to="/shop" className={buttonClasses('primary')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Shop
      </Link>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="product-loading">
      <span className="sr-only">Loading flag</span>
      <div aria-hidden="true">
        <Skeleton className="mb-6 h-5 w-56" />
        <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
          <div className="flex flex-col gap-3">
            <Skeleton className="aspect-[4/3] w-full rounded-xl" />
            <div className="flex gap-3">
              <Skeleton className="h-16 w-20 sm:h-20 sm:w-24" />
              <Skeleton className="h-16 w-20 sm:h-20 sm:w-24" />
            </div>
          </div>
          <div className="flex flex-col gap-4">
            <Skeleton className="h-6 w-24 rounded-full" />
            <Skeleton className="h-10 w-3/4" />
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-4 w-64" />
            <Skeleton className="mt-2 h-24 w-full" />
            <Skeleton className="h-11 w-36" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="mt-2 h-40 w-full" />
          </div>
        </div>
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isError, error } = useProduct(id);
  usePageMeta(product ? productPageMeta(product, shop.name) : isError ? productNotFoundMeta(shop.name) : undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-12 lg:px-8">
      {product ? (
        <ProductDetails key={product.id} product={product} />
      ) : isError ? (
        <ProductNotFound error={error} />
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}
