import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShoppingBag, UserRound } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { toast } from '../components/ui/toast-store';
import { fetchSession, SESSION_KEY, useSession } from '../components/auth/use-session';
import { openAuthDialog } from '../components/auth/auth-dialog-store';
import { checkoutIdFrom, forgetCheckoutId } from '../components/checkout/checkout-storage';
import { settlePayment, successToast, type PaymentOutcome } from '../components/checkout/payment-outcome';
import { DeliveryInformation, PaymentDetails, WhatsNext } from '../components/checkout/PaymentReceipt';
import { PaymentProblem } from '../components/checkout/PaymentProblem';
import { OrderLines } from '../components/orders/OrderLines';
import { InfoCard } from '../components/ui/InfoCard';
import { readCartSessionId } from '../lib/cart-session';
import { GuestOrderNotes } from '../components/checkout/GuestOrderNotes';
import { usePageMeta } from '../lib/use-page-meta';
import { guestCheckout, shop, vatVendor } from '../lib/initial-data';

/**
 * One settlement per checkout at a time, whoever asks: React's development double run of effects
 * and a quick remount share it, so the order is completed and the toast shown once.
 */
const settling = new Map<string, Promise<PaymentOutcome>>();

function settleOnce(checkoutId: string | null, client: QueryClient): Promise<PaymentOutcome> {
  const key = checkoutId ?? '';
  const running = settling.get(key);
  if (running) return running;
  const settled = settlePayment(checkoutId, {
    getSession: async () => {
      const session = await fetchSession();
      client.setQueryData(SESSION_KEY, session);
      return session;
    },
    cartSessionId: readCartSessionId(),
  })
    .then((outcome) => {
      if (outcome.kind === 'success') {
        forgetCheckoutId();
        // The server took the paid flags out of the cart and added the order.
        void client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/cart/') });
        void client.invalidateQueries({ queryKey: ['/api/profile/orders'] });
      }
      // A payment that did not go through is said once, by its page: no toast repeats it.
      if (outcome.kind === 'success') toast(successToast);
      return outcome;
    })
    .finally(() => settling.delete(key));
  settling.set(key, settled);
  return settled;
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-2xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-16">{children}</div>;
}

function Verifying() {
  return (
    <Panel>
      <Spinner label="Verifying payment" />
      <h1 className="text-2xl font-bold text-slate-900">Verifying Payment...</h1>
      <p role="status" className="text-slate-700">
        Please wait while we confirm your payment details.
      </p>
    </Panel>
  );
}

/**
 * Opened signed out (the link kept from an email, another browser): the order is the account's to
 * see, so the page asks for the sign-in, and shows the order once it is there.
 */
function SignInToSee() {
  return (
    <Panel>
      <UserRound className="h-12 w-12 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Sign in to see this order</h1>
      <p className="text-slate-700">
        Sign in with the account you paid with to see this order and its payment. The confirmation email we sent you has the order too.
      </p>
      <Button onClick={() => openAuthDialog('login')}>Sign In</Button>
    </Panel>
  );
}

/** The flags bought, with their pictures, the delivery fee, any discount and the total, as the checkout froze them. */
function YourOrder({ verification }: { verification: Extract<PaymentOutcome, { kind: 'success' }>['verification'] }) {
  const { items, totals, deliveryLabel, discount } = verification.metadata;
  return (
    <InfoCard title="Your Order" icon={<ShoppingBag className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="your-order">
      <OrderLines
        items={items}
        subtotalCents={totals.subtotal}
        feeLabel={deliveryLabel}
        feeCents={totals.shipping}
        discount={discount && { code: discount.code, cents: discount.discountCents }}
        totalCents={totals.total}
      />
    </InfoCard>
  );
}

function Paid({ outcome, checkoutId }: { outcome: Extract<PaymentOutcome, { kind: 'success' }>; checkoutId: string }) {
  const { verification, orderNumber } = outcome;
  const firstName = verification.metadata?.customerInfo?.firstName;
  return (
    <Panel>
      <CheckCircle2 className="h-16 w-16 text-green-600" aria-hidden="true" />
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Payment Successful!</h1>
        <p className="mt-2 text-slate-700">
          Thank you for your order{firstName ? `, ${firstName}` : ''}! Your payment has been received.
        </p>
        {orderNumber && (
          <>
            <p className="mt-3 text-lg text-slate-900">
              Order number: <span className="font-bold" data-testid="order-number">{orderNumber}</span>
            </p>
            <p className="mt-1 text-sm">
              <Link to={verification.orderLink ?? `/profile/orders/${orderNumber}`} className="font-semibold text-brand-700 underline underline-offset-2">
                View your order and its {vatVendor ? 'tax invoice' : 'invoice'}
              </Link>
            </p>
          </>
        )}
      </div>
      <div className="grid w-full gap-5">
        <YourOrder verification={verification} />
        <PaymentDetails verification={verification} checkoutId={checkoutId} />
        <DeliveryInformation verification={verification} />
        <WhatsNext verification={verification} />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Return to Home
        </Link>
        <Link to="/shop" className={buttonClasses('outline')}>
          Continue Shopping
        </Link>
      </div>
      {verification.orderLink ? (
        <GuestOrderNotes verification={verification} />
      ) : (
        <p className="text-sm text-slate-600">
          Your orders are also listed in{' '}
          <Link to="/profile#orders" className="font-semibold text-brand-700 underline">
            My Profile
          </Link>
          .
        </p>
      )}
    </Panel>
  );
}

const failedPageFor = (checkoutId: string | null) => (checkoutId ? `/payment/failed?checkoutId=${encodeURIComponent(checkoutId)}` : '/payment/failed');

/** /payment/success: where the payment page sends the shopper back (spec sections 2 and 4). */
export default function PaymentSuccessPage() {
  usePageMeta({ title: `Payment | ${shop.name}`, description: 'The result of your card payment.' });
  const [params] = useSearchParams();
  // Read once: the stored id is removed when the order is recorded.
  const [checkoutId] = useState(() => checkoutIdFrom(params));
  const client = useQueryClient();
  const session = useSession();
  const signedIn = !!session.data;
  // A guest's payment is theirs by the cart this browser keeps (CHECKOUT_ACCOUNTS=optional).
  const mayLookUp = signedIn || (guestCheckout && session.isSuccess);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  useEffect(() => {
    if (!mayLookUp || !checkoutId) return;
    let current = true;
    void settleOnce(checkoutId, client).then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [checkoutId, client, mayLookUp]);

  // No payment to look up, signed in or not: the failed page says so.
  if (!checkoutId) return <Navigate to={failedPageFor(null)} replace />;
  // Nobody signed in: the payment cannot be looked up, which says nothing about whether it went through.
  if (!outcome && session.isSuccess && !mayLookUp) return <SignInToSee />;
  if (!outcome) return <Verifying />;
  if (outcome.kind === 'success') return <Paid outcome={outcome} checkoutId={checkoutId ?? ''} />;
  // To be paid by bank transfer: nothing was paid here, and the order's page shows how to pay.
  if (outcome.kind === 'ordered') return <Navigate to={outcome.orderLink ?? `/profile/orders/${encodeURIComponent(outcome.orderNumber)}`} replace />;
  // The provider says it was not paid: that is the failed page's to say, at its own address.
  if (outcome.kind === 'failed') return <Navigate to={failedPageFor(checkoutId)} replace />;
  // The payment may have gone through: the problem is said here, with the reference to quote.
  return <PaymentProblem outcome={outcome} />;
}
