import { PrefetchLink } from '../ui/PrefetchLink';
import { ArrowRight } from 'lucide-react';
import { ProductImage } from '../ui/ProductImage';
import { buttonClasses } from '../ui/Button';
import { COUNTRIES_COUNT, FLAG_SIZE } from '../../../shared/shop-facts';
import { formatRandCompact } from '../../../shared/money';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { countryName, effectivePriceCents, isOnSale, type ListedProduct } from '../../../shared/product';

/** The three best sellers the spec names, in its order; their names, pictures and prices are the catalogue's. */
const bestSellerSlugs = ['south-africa', 'united-states-of-america', 'united-kingdom'];

/**
 * 'From R130' (the spec's words): the cheapest size's price, or with one size the old price struck
 * through while the flag is on sale.
 */
function FromPrice({ product }: { product: ListedProduct }) {
  const saleShown = isOnSale(product) && product.fromPriceCents === effectivePriceCents(product);
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-2 font-medium" data-testid="best-seller-price">
      <span className={saleShown ? 'text-red-700' : 'text-brand-800'}>From {formatRandCompact(product.fromPriceCents)}</span>
      {saleShown && (
        <s className="text-sm text-slate-600">
          <span className="sr-only">Original price: </span>
          {formatRandCompact(product.priceCents)}
        </s>
      )}
    </p>
  );
}

/** products: the catalogue, undefined while it loads (a flag that is no longer sold is left out). */
export function BestSellers({ products }: { products: readonly ListedProduct[] | undefined }) {
  const bestSellers = bestSellerSlugs.flatMap((slug) => products?.find((p) => p.slug === slug) ?? []);
  return (
    <section aria-labelledby="best-sellers-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="best-sellers-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Best sellers
          </h2>
          <p className="mt-4 text-lg text-slate-600">The flags our customers order most, in {FLAG_SIZE}, 90 × 60 cm and on a desk stand.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {bestSellers.map((item) => (
            <li
              key={item.slug}
              data-testid="best-seller"
              className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            >
              <div className="aspect-[4/3] overflow-hidden border-b border-slate-200 bg-slate-100">
                <ProductImage
                  src={item.primaryImage}
                  widths={item.images[0]?.widths}
                  sizes={PICTURE_SIZES.bestSeller}
                  alt={`Flag of ${countryName(item.name)}`}
                  width={400}
                  height={300}
                  className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                />
              </div>
              <div className="flex flex-1 items-end justify-between gap-4 p-5">
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">
                    {/* The link covers the whole card; its name is just the flag's name. */}
                    <PrefetchLink
                      to={`/product/${item.slug}`}
                      className="rounded-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
                    >
                      {countryName(item.name)}
                    </PrefetchLink>
                  </h3>
                  <FromPrice product={item} />
                </div>
                <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700" aria-hidden="true">
                  View
                  <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <PrefetchLink to="/shop" className={buttonClasses('primary', 'lg')}>
            View All {COUNTRIES_COUNT} Countries
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </PrefetchLink>
        </div>
      </div>
    </section>
  );
}
