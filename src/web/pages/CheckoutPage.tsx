import { Link } from 'react-router';
import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { useCart } from '../components/cart/use-cart';
import { openAuthDialog, type AuthTyped } from '../components/auth/auth-dialog-store';
import { useSession } from '../components/auth/use-session';
import type { SessionUser } from '../components/auth/sign-in-types';
import { CustomerDetailsFields, type DetailsKept } from '../components/checkout/CustomerDetailsFields';
import { BuyerNotice } from '../components/checkout/BuyerNotice';
import { DeliverySpeedChoice } from '../components/checkout/DeliverySpeedChoice';
import { OrderSummary } from '../components/checkout/OrderSummary';
import { DeliveryMethodChoice } from '../components/checkout/DeliveryMethodChoice';
import { CourierDelivery } from '../components/checkout/CourierDelivery';
import { PaxiPointFinder } from '../components/checkout/PaxiPointFinder';
import { PaymentProgressOverlay } from '../components/checkout/PaymentProgressOverlay';
import { VerificationBanner } from '../components/checkout/VerificationBanner';
import { useCheckout, type CheckoutCart } from '../components/checkout/use-checkout';
import { usePageMeta } from '../lib/use-page-meta';
import { guestCheckout, shop } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';
import { PaymentMethodChoice } from '../components/checkout/PaymentMethodChoice';
import { RemindMeChoice } from '../components/checkout/RemindMeChoice';
import { checkoutMessages } from '../../shared/checkout';

const FORM_ID = 'checkout-form';

function EmptyCart() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <ShoppingBag className="h-12 w-12 text-slate-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{checkoutMessages.cartEmpty}</h1>
      <p className="text-slate-600">{checkoutMessages.cartEmptyDetail}</p>
      <Link to="/shop" className={buttonClasses('primary')}>
        Continue Shopping
      </Link>
    </section>
  );
}

/** What the details are kept for: My Profile for a signed-in shopper, an account made after paying for a guest. */
const keptChoices = {
  saveToProfile: { label: 'Save this information for next time', hint: 'Your name and cellphone number go to My Profile when you pay.' },
  createAccount: {
    label: 'Create an account with these details',
    hint: 'After paying you choose a password; once you verify your email, this order is in My Profile.',
  },
} as const;

/** The sign-in dialog starts with the name and email already typed here; a shop that takes guests offers that too. */
function SignInNotice({ typed, onGuest }: { typed: AuthTyped; onGuest?: () => void }) {
  const text = onGuest
    ? 'Sign in to see this order in My Profile, or pay as a guest with just your email. Your cart stays as it is either way.'
    : 'Paying needs an account with a verified email. Your cart stays as it is when you sign in.';
  return (
    <BuyerNotice id="sign-in-heading" heading={onGuest ? 'Sign in, or pay as a guest' : 'Sign in to pay'} text={text}>
      <Button size="sm" onClick={() => openAuthDialog('login', typed)}>
        Sign In
      </Button>
      <Button size="sm" variant="outline" onClick={() => openAuthDialog('signup', typed)}>
        Create Account
      </Button>
      {onGuest && (
        <Button size="sm" variant="outline" onClick={onGuest}>
          Continue as a guest
        </Button>
      )}
    </BuyerNotice>
  );
}

/** Paying without an account: where the receipt goes, and the way back to signing in. */
function GuestNotice({ typed, onSignIn }: { typed: AuthTyped; onSignIn: () => void }) {
  return (
    <BuyerNotice id="guest-heading" heading="Paying as a guest" text="Your receipt, tax invoice and a link to follow your order go to the email address below." quiet>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          onSignIn();
          openAuthDialog('login', typed);
        }}
      >
        Sign in instead
      </Button>
    </BuyerNotice>
  );
}

/** The left column: the buyer's details, how the order comes, and where. */
function CheckoutForm({ checkout, user }: { checkout: ReturnType<typeof useCheckout>; user: SessionUser | undefined }) {
  const { choices, choose, details, courierForm, quote, rates, rate, inputs } = checkout;
  const { method, speed, point, saveAddress } = choices;
  const { asGuest } = checkout;
  const kept: DetailsKept['name'] | undefined = user ? 'saveToProfile' : asGuest ? 'createAccount' : undefined;
  return (
    <div className="space-y-6">
      {!user && !asGuest && <SignInNotice typed={checkout.typedForSignIn} onGuest={guestCheckout ? () => choose({ type: 'asGuest', value: true }) : undefined} />}
      {asGuest && <GuestNotice typed={checkout.typedForSignIn} onSignIn={() => choose({ type: 'asGuest', value: false })} />}
      {user && !user.emailVerified && (
        <VerificationBanner email={user.email} checking={checkout.verification.checking} onCheckAgain={checkout.verification.checkAgain} />
      )}
      <form id={FORM_ID} noValidate onSubmit={checkout.onPay} aria-label="Checkout" className="space-y-6">
        <CustomerDetailsFields
          form={details}
          addressRequired={checkout.addressRequired}
          byCourier={method === 'courier'}
          keep={kept && { name: kept, ...keptChoices[kept], checked: choices[kept], onChange: (on) => choose({ type: kept, value: on }) }}
          accountEmail={user?.email}
        />
        <DeliveryMethodChoice ref={inputs.method} value={method} onChange={(chosen) => choose({ type: 'method', value: chosen })} />
        {method === 'paxi' && <DeliverySpeedChoice ref={inputs.speed} value={speed} onChange={(chosen) => choose({ type: 'speed', value: chosen })} />}
        {method === 'courier' && (
          <CourierDelivery
            form={courierForm}
            savedAddresses={checkout.profileView?.addresses ?? []}
            saveAddress={user ? { checked: saveAddress, onChange: (on) => choose({ type: 'saveAddress', value: on }) } : undefined}
            rates={rates}
            chosen={rate?.serviceLevel}
            onChoose={(level) => choose({ type: 'level', value: level })}
            onAskRates={user || asGuest ? checkout.askRates : () => openAuthDialog('login')}
            asking={quote.pending}
            problem={quote.errorFor(checkout.currentQuote)}
            onChoosePaxi={() => {
              choose({ type: 'method', value: 'paxi' });
              inputs.method.current?.focus();
            }}
          />
        )}
        {checkout.payingWith && (
          <PaymentMethodChoice methods={checkout.payingWith.methods} value={checkout.payingWith.chosen.name} onChange={checkout.payingWith.choose} />
        )}
        <RemindMeChoice checked={checkout.reminder.checked} onChange={checkout.reminder.onChange} />
      </form>
      {method === 'paxi' && checkout.pointGone && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {checkout.pointGone}
        </p>
      )}
      {method === 'paxi' && <PaxiPointFinder ref={inputs.point} selected={point} onSelect={(chosen) => choose({ type: 'point', value: chosen })} />}
    </div>
  );
}

function Checkout(cart: CheckoutCart) {
  const checkout = useCheckout(cart);
  const { payment } = checkout;
  return (
    <div className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <Link to="/shop" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Continue shopping
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">Checkout</h1>
        <p className="mt-1 text-slate-600">Check every part of your order below; you can change anything before you pay.</p>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
          <CheckoutForm checkout={checkout} user={cart.user} />
          <OrderSummary
            items={cart.items}
            delivery={checkout.summaryDelivery}
            discount={checkout.discount}
            price={checkout.price}
            customer={checkout.details.values}
            onChange={checkout.goTo}
            formId={FORM_ID}
            preparing={payment.preparing || checkout.saving}
            priceMissing={checkout.priceMissing}
            payingWith={checkout.payingWith?.chosen}
            error={payment.error}
          />
        </div>
      </div>
      <PaymentProgressOverlay active={payment.progress.active} step={payment.progress.step} progress={payment.progress.progress} />
    </div>
  );
}

/** /checkout: loading, an empty cart, or the whole order to review, correct and pay (spec sections 2 and 4). */
export default function CheckoutPage() {
  usePageMeta(staticPageMeta('checkout', shop.name));
  const { data: session, isPending: sessionPending } = useSession();
  const { items, itemCount, subtotalCents, isLoading } = useCart();

  if (sessionPending || isLoading) return <PageSpinner heading="Loading checkout" />;
  if (items.length === 0) return <EmptyCart />;
  // Signing in or out starts the form again from what that shopper may see (checkout-storage.ts).
  return <Checkout key={session?.user.id ?? 'guest'} user={session?.user} items={items} itemCount={itemCount} subtotalCents={subtotalCents} />;
}
