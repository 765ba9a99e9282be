import type { ReactNode } from 'react';
import { CreditCard, Globe, Headset, ShieldCheck, Truck, Award, type LucideIcon } from 'lucide-react';
import {
  COUNTRIES_COUNT,
  FLAGS_SOLD,
  FLAG_SIZE,
  LOCATION_CITY,
  PAXI_STANDARD,
  POLYESTER_LIFE,
  YEARS_IN_BUSINESS,
  paxi,
} from '../../../shared/shop-facts';
import { vatVendor } from '../../lib/initial-data';

interface Reason {
  title: string;
  text: ReactNode;
  icon: LucideIcon;
}

const reasons: Reason[] = [
  {
    title: 'Premium polyester',
    text: (
      <>
        Our standard flag is {FLAG_SIZE}, printed on strong, light polyester that lasts{' '}
        <span className="whitespace-nowrap">{POLYESTER_LIFE}</span> flying outdoors.
      </>
    ),
    icon: ShieldCheck,
  },
  {
    title: `${COUNTRIES_COUNT} countries`,
    text: 'From South Africa and our neighbours to Europe, the Americas, Asia and Oceania: one shop for every flag you need.',
    icon: Globe,
  },
  {
    title: 'PAXI collection nationwide',
    text: `Collect your order at one of ${paxi.pointCount} PAXI points in ${paxi.storesText} stores, from ${PAXI_STANDARD.feeLabel}.`,
    icon: Truck,
  },
  {
    title: 'Secure card payment',
    text: `Pay by card on the secure Yoco checkout. Your card details never touch our servers${vatVendor ? ', and prices include VAT' : ''}.`,
    icon: CreditCard,
  },
  {
    title: `${YEARS_IN_BUSINESS} years of experience`,
    text: `A ${LOCATION_CITY} business that has sold ${FLAGS_SOLD} flags to homes, schools, clubs and events across South Africa.`,
    icon: Award,
  },
  {
    title: 'Real people to help',
    text: 'Questions about a flag or an order? Our small team answers every message personally on business days.',
    icon: Headset,
  },
];

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Why choose us
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Good flags, fair prices and honest service, since the day we opened our doors.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
