import { PrefetchLink } from '../ui/PrefetchLink';
import { ArrowRight } from 'lucide-react';
import { ProductImage } from '../product/ProductImage';
import { buttonClasses } from '../ui/Button';
import { BEST_SELLER_FROM_LABEL, COUNTRIES_COUNT, FLAG_SIZE } from '../../../shared/shop-facts';

interface BestSeller {
  slug: string;
  name: string;
  country: string;
  image: string;
}

/** The three best sellers named by the spec, each at the shop's 'from' price. */
const bestSellers: BestSeller[] = [
  { slug: 'south-africa', name: 'South African Flag', country: 'South Africa', image: '/flags/4x3/za.svg' },
  {
    slug: 'united-states-of-america',
    name: 'USA Flag',
    country: 'the United States of America',
    image: '/flags/4x3/us.svg',
  },
  { slug: 'united-kingdom', name: 'UK Flag', country: 'the United Kingdom', image: '/flags/4x3/gb.svg' },
];

export function BestSellers() {
  return (
    <section aria-labelledby="best-sellers-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="best-sellers-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Best sellers
          </h2>
          <p className="mt-4 text-lg text-slate-600">The flags our customers order most, every one {FLAG_SIZE}.</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {bestSellers.map((item) => (
            <li
              key={item.slug}
              className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            >
              <div className="aspect-[4/3] overflow-hidden border-b border-slate-200 bg-slate-100">
                <ProductImage
                  src={item.image}
                  alt={`Flag of ${item.country}`}
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
                      {item.name}
                    </PrefetchLink>
                  </h3>
                  <p className="mt-1 font-medium text-brand-800">{BEST_SELLER_FROM_LABEL}</p>
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
