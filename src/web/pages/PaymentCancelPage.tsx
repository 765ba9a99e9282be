import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ShoppingCart, XCircle } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { toast } from '../components/ui/toast-store';
import { checkoutIdFrom, forgetCheckoutId } from '../components/checkout/checkout-storage';
import { checkoutReference } from '../../shared/checkout';
import { usePageMeta } from '../lib/use-page-meta';
import { apiRequest } from '../lib/api';
import { cartHeader, readCartSessionId } from '../lib/cart-session';
import { shop } from '../lib/initial-data';

/** /payment/cancel: the shopper left the payment page without paying (spec section 2). */
export default function PaymentCancelPage() {
  usePageMeta({ title: `Payment Cancelled | ${shop.name}`, description: 'Your payment was cancelled and no charges were made.' });
  const [params] = useSearchParams();
  // Read before the stored id is cleared below.
  const [checkoutId] = useState(() => checkoutIdFrom(params));
  const announced = useRef(false);

  useEffect(() => {
    forgetCheckoutId();
    // Once, also when React runs effects twice in development.
    if (announced.current) return;
    announced.current = true;
    // Frees the flags this checkout held for others at once; if it fails they come back when the checkout expires.
    if (checkoutId) void apiRequest('POST', '/api/payments/cancel', { checkoutId }, cartHeader(readCartSessionId())).catch(() => undefined);
    toast({ title: 'Payment Cancelled', description: 'Your payment was cancelled. The items are still in your cart.' });
  }, [checkoutId]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <XCircle className="h-16 w-16 text-amber-600" aria-hidden="true" />
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Payment Cancelled</h1>
      <p className="text-lg text-slate-700">Your payment was cancelled and no charges were made</p>
      <p className="flex items-start gap-2 rounded-md bg-slate-50 px-4 py-3 text-left text-sm text-slate-700">
        <ShoppingCart className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        The items in your cart are still saved, so you can pick up where you left off whenever you are ready.
      </p>
      {checkoutId && (
        <p className="text-sm text-slate-600">
          Payment reference:{' '}
          <span className="font-mono font-semibold text-slate-900" data-testid="payment-reference">
            {checkoutReference(checkoutId)}
          </span>
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/checkout" className={buttonClasses('primary')}>
          Return to Checkout
        </Link>
        <Link to="/shop" className={buttonClasses('outline')}>
          Continue Shopping
        </Link>
        <Link to="/contact" className={buttonClasses('outline')}>
          Contact Support
        </Link>
        <Link to="/shipping-policy" className={buttonClasses('ghost')}>
          Shipping Info
        </Link>
      </div>
    </div>
  );
}
