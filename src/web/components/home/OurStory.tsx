import { Link } from 'react-router';
import { COUNTRIES_COUNT, ESTABLISHED_YEAR, FLAGS_SOLD, LOCATION_CITY, YEARS_IN_BUSINESS } from '../../../shared/shop-facts';

export function OurStory() {
  return (
    <section aria-labelledby="story-heading" className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8 lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-gold-400 uppercase">Our story</p>
          <h2 id="story-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            A {LOCATION_CITY} flag shop since {ESTABLISHED_YEAR}
          </h2>
        </div>
        <div className="space-y-4 text-lg leading-8 text-slate-100">
          <p>
            We started in {LOCATION_CITY} around <span className="whitespace-nowrap">2003-2004</span>, supplying
            South African flags to friends, schools and sports clubs who wanted a flag that looked good and lasted.
            Word spread, and so did the list of countries people asked us for.
          </p>
          <p>
            {YEARS_IN_BUSINESS} years and {FLAGS_SOLD} flags later, we stock {COUNTRIES_COUNT} countries, from our
            neighbours in Southern Africa to nations on every continent. We still check every order by hand before it
            leaves us.
          </p>
          <p>
            Whether you are cheering on your team, welcoming guests from abroad or flying the colours of home, we would
            love to help.{' '}
            <Link
              to="/contact"
              className="font-semibold text-gold-400 underline underline-offset-4 hover:text-white focus-visible:outline-gold-400"
            >
              Get in touch
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}
