import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { FindOrderForm } from '../components/orders/FindOrderForm';
import { staticPageMeta } from '../../shared/page-meta';

/**
 * /orders/find: a buyer without an account asks for a new link to their order (the link in its
 * emails lasts ORDER_LINK_DAYS). `?order=CF-100001` fills in the order number.
 */
export default function FindOrderPage() {
  usePageMeta(staticPageMeta('findOrder', shop.name));
  const [params] = useSearchParams();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header>
          <h1 id="find-order-heading" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Find your order
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Bought without an account? Enter your order number and the email address you gave at checkout, and we email you a link to your order.
          </p>
          <p className="mt-2 text-slate-600">
            Have an account? Your orders are in{' '}
            <Link to="/profile#orders" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              My Profile
            </Link>
            .
          </p>
        </header>
        <section className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <FindOrderForm orderNumber={params.get('order') ?? ''} />
        </section>
      </div>
    </div>
  );
}
