import { PrefetchLink } from '../ui/PrefetchLink';
import { ArrowRight, MapPin } from 'lucide-react';
import { buttonClasses } from '../ui/Button';
import { COUNTRIES_COUNT, ESTABLISHED_YEAR, FLAG_SIZE, LOCATION_CITY } from '../../../shared/shop-facts';
import { formatRandCompact } from '../../../shared/money';
import { vatVendor } from '../../lib/initial-data';

/** Small flag SVGs for the decorative wall on wide screens (hidden, so never fetched, on phones). */
const wallFlags = ['za', 'bw', 'ng', 'gb', 'ke', 'de', 'us', 'au', 'in'];

/**
 * Text-only above the fold on phones: the heading is the largest paint, with no web fonts or photos
 * to wait for. fromCents: the cheapest flag's price in the catalogue, once known.
 */
export function Hero({ fromCents }: { fromCents: number | undefined }) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-brand-900 text-white">
      {/* Decorative stripes in the colours of the South African flag. */}
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 flex h-1.5">
        <span className="flex-1 bg-red-600" />
        <span className="flex-1 bg-white" />
        <span className="flex-1 bg-brand-600" />
        <span className="flex-1 bg-gold-500" />
        <span className="flex-1 bg-blue-700" />
      </div>
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-gold-400 sm:text-sm">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {LOCATION_CITY} flag specialists since {ESTABLISHED_YEAR}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Premium country flags, made to fly proudly
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-100">
            Durable {FLAG_SIZE} polyester flags of {COUNTRIES_COUNT} countries
            {fromCents !== undefined && <span data-testid="home-from-price">, from {formatRandCompact(fromCents)}{vatVendor && ' including VAT'}</span>}. Collect
            yours at a PAXI point near you, or have them brought to your door, anywhere in South Africa.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <PrefetchLink to="/shop" className={buttonClasses('secondary', 'lg', 'focus-visible:outline-white')}>
              Shop Premium Flags
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </PrefetchLink>
            <PrefetchLink to="/shipping-policy" className={buttonClasses('outline', 'lg', 'focus-visible:outline-gold-400')}>
              How delivery works
            </PrefetchLink>
          </div>
        </div>
        <div aria-hidden="true" className="ml-auto hidden w-full max-w-lg grid-cols-3 gap-5 lg:grid">
          {[0, 1, 2].map((column) => (
            <div key={column} className={column === 1 ? 'mt-10 space-y-5' : 'space-y-5'}>
              {wallFlags
                .filter((_, i) => i % 3 === column)
                .map((code) => (
                  <img
                    key={code}
                    src={`/flags/4x3/${code}.svg`}
                    alt=""
                    width={160}
                    height={120}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full rounded-md object-cover shadow-lg ring-1 ring-white/20"
                  />
                ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
