import type { ReactNode } from 'react';
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import { shop } from '../../lib/initial-data';
import { businessHours, telHref } from '../../../shared/shop-facts';

const linkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-900';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{label}</p>
        {children}
      </div>
    </li>
  );
}

/** The shop's address, phone and email (those it has), and its hours. */
export function ContactDetails() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="contact-details-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="contact-details-heading" className="text-xl font-semibold text-slate-900">
          Contact details
        </h2>
        <ul className="mt-5 space-y-5">
          <Detail icon={MapPin} label="Address">
            <address className="text-slate-600 not-italic">{shop.address}</address>
          </Detail>
          {shop.phone && (
            <Detail icon={Phone} label="Phone">
              <a href={telHref(shop.phone)} className={linkClass}>
                {shop.phone}
              </a>
            </Detail>
          )}
          {shop.email && (
            <Detail icon={Mail} label="Email">
              <a href={`mailto:${shop.email}`} className={`break-all ${linkClass}`}>
                {shop.email}
              </a>
            </Detail>
          )}
        </ul>
      </section>
      <section aria-labelledby="business-hours-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="business-hours-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Business Hours
        </h2>
        <ul className="mt-4 space-y-1 text-slate-600">
          <li>{businessHours.contact.weekdays}</li>
          <li>{businessHours.contact.weekends}</li>
        </ul>
      </section>
    </div>
  );
}
