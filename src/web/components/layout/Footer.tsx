import { PrefetchLink } from '../ui/PrefetchLink';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { guestCheckout, shop, vatVendor } from '../../lib/initial-data';
import { usePageYear } from '../../lib/page-year';
import { COUNTRIES_COUNT, ESTABLISHED_YEAR, FLAGS_SOLD, LOCATION, VAT_NOTICE, businessHours, telHref } from '../../../shared/shop-facts';

const quickLinks = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop Flags' },
  { to: '/paxi-finder', label: 'Find a PAXI Point' },
  { to: '/contact', label: 'Contact Us' },
  // Where a buyer without an account asks for a new link to their order.
  ...(guestCheckout ? [{ to: '/orders/find', label: 'Find Your Order' }] : []),
  { to: '/quote', label: 'Request a Quote' },
  { to: '/profile', label: 'My Profile' },
];

const policyLinks = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/returns-policy', label: 'Returns Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
];

const linkClass = 'rounded-sm text-white hover:text-gold-400 hover:underline focus-visible:outline-gold-400';
const headingClass = 'text-sm font-semibold tracking-wide text-white uppercase';

function FooterLinks({ title, id, links }: { title: string; id: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {links.map((l) => (
          <li key={l.to}>
            <PrefetchLink to={l.to} className={linkClass}>
              {l.label}
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = usePageYear();
  const legalName = (shop.legalName || shop.name).replace(/\.$/, '');
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_1fr_1fr_1.3fr] lg:gap-x-8 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <h2 className={headingClass}>{shop.name}</h2>
          <p className="mt-4 text-sm leading-6">
            Premium polyester flags of {COUNTRIES_COUNT} countries, sold from Cape Town since {ESTABLISHED_YEAR}.{' '}
            {FLAGS_SOLD} flags sold and counting.
          </p>
          <ul className="mt-5 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
              <span>{LOCATION}</span>
            </li>
            {shop.email && (
              <li className="flex items-start gap-2">
                <Mail className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
                <a href={`mailto:${shop.email}`} className={`${linkClass} break-all`}>
                  {shop.email}
                </a>
              </li>
            )}
            {shop.phone && (
              <li className="flex items-start gap-2">
                <Phone className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
                <a href={telHref(shop.phone)} className={linkClass}>
                  {shop.phone}
                </a>
              </li>
            )}
          </ul>
        </div>
        <FooterLinks title="Quick Links" id="footer-quick-links" links={quickLinks} />
        <FooterLinks title="Legal and Policies" id="footer-policies" links={policyLinks} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className={headingClass}>Customer Service</h2>
          <div className="mt-4 flex items-start gap-2 text-sm leading-6">
            <Clock className="mt-1 h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
            <p>
              {businessHours.footer.weekdays}
              <br />
              {businessHours.footer.weekends}
            </p>
          </div>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-6 text-xs leading-5 text-slate-300 sm:px-6 lg:px-8">
          <p>
            © {year} {legalName}. All rights reserved.
            {shop.registrationNumber && <> Registration number {shop.registrationNumber}.</>}
            {vatVendor && <> VAT number {shop.vatNumber}.</>}
          </p>
          {vatVendor && <p>{VAT_NOTICE}</p>}
        </div>
      </div>
    </footer>
  );
}
