import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { checkoutIdFrom, forgetCheckoutId } from '../components/checkout/checkout-storage';
import { checkPayment, type CheckedPayment } from '../components/checkout/payment-outcome';
import { PaymentProblem } from '../components/checkout/PaymentProblem';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { readCartSessionId } from '../lib/cart-session';

/**
 * /payment/failed: where the payment page sends a shopper whose card was declined (spec section 2's
 * failed state at an address of its own). The server is asked first: a payment that went through
 * after all goes to the success page; the cart was never touched, so Try Again starts over.
 */
export default function PaymentFailedPage() {
  usePageMeta({ title: `Payment Failed | ${shop.name}`, description: "We couldn't process your payment." });
  const [params] = useSearchParams();
  // Read before the stored id is cleared below.
  const [checkoutId] = useState(() => checkoutIdFrom(params));
  const [checked, setChecked] = useState<CheckedPayment | null>(null);

  useEffect(() => {
    let current = true;
    void checkPayment(checkoutId, { cartSessionId: readCartSessionId() }).then((result) => {
      if (result.kind !== 'paid') forgetCheckoutId();
      if (current) setChecked(result);
    });
    return () => {
      current = false;
    };
  }, [checkoutId]);

  if (!checked) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Spinner label="Checking your payment" />
      </div>
    );
  }
  if (checked.kind === 'paid') return <Navigate to={`/payment/success?checkoutId=${encodeURIComponent(checkoutId ?? '')}`} replace />;
  if (checked.kind === 'ordered') return <Navigate to={`/profile/orders/${encodeURIComponent(checked.orderNumber)}`} replace />;
  return <PaymentProblem outcome={checked} />;
}
