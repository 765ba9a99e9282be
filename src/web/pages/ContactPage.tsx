import { Link } from 'react-router';
import { usePageMeta } from '../lib/use-page-meta';
import { guestCheckout, shop } from '../lib/initial-data';
import { ContactDetails } from '../components/contact/ContactDetails';
import { ContactForm } from '../components/contact/ContactForm';
import { staticPageMeta } from '../../shared/page-meta';

/** /contact: a message to the shop, and its address, phone, email and hours. */
export default function ContactPage() {
  usePageMeta(staticPageMeta('contact', shop.name));
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            A question about a flag, an order or a PAXI collection? Send us a message and we will get back to you soon.
          </p>
          <p className="mt-2 text-slate-600">
            Buying flags by the dozen, or a size we don't list?{' '}
            <Link to="/quote" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Request a quote
            </Link>
            .
          </p>
          {guestCheckout && (
            <p className="mt-2 text-slate-600">
              Bought without an account and need the link to your order?{' '}
              <Link to="/orders/find" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                Find your order
              </Link>
              .
            </p>
          )}
        </header>
        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <section
            aria-labelledby="contact-form-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
          >
            <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
              Send us a message
            </h2>
            <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
            <ContactForm />
          </section>
          <ContactDetails />
        </div>
      </div>
    </div>
  );
}
