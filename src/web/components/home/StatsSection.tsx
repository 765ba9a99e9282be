import { Award, Flag, Globe, MapPin, type LucideIcon } from 'lucide-react';
import { COUNTRIES_COUNT, FLAGS_SOLD, LOCATION_CITY, YEARS_IN_BUSINESS } from '../../../shared/shop-facts';

interface Stat {
  value: string;
  label: string;
  icon: LucideIcon;
}

const stats: Stat[] = [
  { value: YEARS_IN_BUSINESS, label: 'Years of experience', icon: Award },
  { value: FLAGS_SOLD, label: 'Flags sold', icon: Flag },
  { value: COUNTRIES_COUNT, label: 'Countries', icon: Globe },
  { value: LOCATION_CITY, label: 'Based and proudly South African', icon: MapPin },
];

export function StatsSection() {
  return (
    <section aria-labelledby="stats-heading" className="border-b border-slate-200 bg-white">
      <h2 id="stats-heading" className="sr-only">
        Our shop in numbers
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        {stats.map(({ value, label, icon: Icon }) => (
          <div key={label} className="flex flex-col items-center text-center">
            <Icon className="mb-2 h-6 w-6 text-brand-700" aria-hidden="true" />
            <dt className="order-last mt-1 text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-extrabold tracking-tight text-brand-800 sm:text-3xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
