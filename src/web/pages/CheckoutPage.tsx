import { useState } from 'react';
import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { useCart } from '../components/cart/use-cart';
import { setCartPanelOpen } from '../components/cart/cart-panel-store';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';
import { formatRand, vatIncluded } from '../../shared/money';
import { collectionFeeCents, deliveryOptions, PAXI_STANDARD, type DeliveryOption } from '../../shared/shop-facts';

/**
 * The order review: what is in the cart, the collection speed and the full price with VAT,
 * before anything is paid (ECT Act s43(2)).
 */
export default function CheckoutPage() {
  usePageMeta(staticPageMeta('checkout', shop.name));
  const { items, itemCount, subtotalCents, isLoading } = useCart();
  const [speed, setSpeed] = useState<DeliveryOption>(PAXI_STANDARD);

  if (isLoading) return <PageSpinner />;

  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <ShoppingBag className="h-12 w-12 text-slate-400" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Cart is empty</h1>
        <p className="text-slate-600">Please add items to your cart before checkout.</p>
        <Link to="/shop" className={buttonClasses('primary')}>
          Continue Shopping
        </Link>
      </section>
    );
  }

  const feeCents = collectionFeeCents(speed, itemCount);
  const totalCents = subtotalCents + feeCents;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_360px]">
        <div className="space-y-8">
          <section aria-labelledby="review-heading">
            <div className="flex items-center justify-between">
              <h2 id="review-heading" className="text-xl font-semibold">
                Your order
              </h2>
              <button
                type="button"
                className="text-sm font-semibold text-brand-700 underline"
                onClick={() => setCartPanelOpen(true)}
              >
                Change items
              </button>
            </div>
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-4 p-4 text-sm">
                  <span>
                    <span className="font-semibold">{item.productName}</span> × {item.quantity}
                  </span>
                  <span className="whitespace-nowrap">{formatRand(item.priceCents * item.quantity)}</span>
                </li>
              ))}
            </ul>
          </section>
          <fieldset>
            <legend className="text-xl font-semibold">Collection speed</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {deliveryOptions.map((option) => (
                <label
                  key={option.method}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="deliveryMethod"
                    value={option.method}
                    checked={speed.method === option.method}
                    onChange={() => setSpeed(option)}
                    className="mt-1 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold">
                      {option.name} — {option.feeLabel}
                    </span>
                    <span className="block text-sm text-slate-600">{option.time} to a PAXI point</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <section aria-labelledby="pay-heading" className="rounded-lg border border-gold-500 bg-amber-50 p-4">
            <h2 id="pay-heading" className="font-semibold">
              Paying online
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Sign-in, PAXI point selection and card payment are not open on this site yet. To order these flags now,
              send us the list through the <Link to="/contact" className="font-semibold text-brand-700 underline">contact page</Link>{' '}
              and we will reply with a payment link. Your cart stays saved on this device.
            </p>
          </section>
        </div>
        <aside aria-labelledby="summary-heading" className="h-fit rounded-lg border border-slate-200 bg-slate-50 p-5">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Order summary
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatRand(subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>PAXI collection ({speed.time})</dt>
              <dd>{formatRand(feeCents)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-300 pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatRand(totalCents)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-600">Includes VAT of {formatRand(vatIncluded(totalCents))}.</p>
        </aside>
      </div>
    </div>
  );
}
