import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ShoppingBag, UserRound } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { toast } from '../components/ui/toast-store';
import { messageOf } from '../lib/api';
import { useCart } from '../components/cart/use-cart';
import { openAuthDialog, type AuthTyped } from '../components/auth/auth-dialog-store';
import { useRecheckVerification, useSession } from '../components/auth/use-session';
import type { SessionUser } from '../components/auth/sign-in-types';
import { useProfile, useSaveProfile } from '../components/account/use-profile';
import { useValidatedForm } from '../components/ui/use-validated-form';
import { CustomerDetailsFields } from '../components/checkout/CustomerDetailsFields';
import { DeliverySpeedChoice } from '../components/checkout/DeliverySpeedChoice';
import { OrderSummary, type PriceMissing, type ReviewSection, type SummaryDelivery } from '../components/checkout/OrderSummary';
import { DeliveryMethodChoice } from '../components/checkout/DeliveryMethodChoice';
import { CourierDelivery } from '../components/checkout/CourierDelivery';
import { courierAddressFields, emptyCourierAddress, quoteKey, type CourierAddressValues } from '../components/checkout/courier-address';
import { useCourierQuote } from '../components/checkout/use-courier-quote';
import { useDiscountCode } from '../components/checkout/use-discount-code';
import { PaxiPointFinder } from '../components/checkout/PaxiPointFinder';
import { PaymentProgressOverlay } from '../components/checkout/PaymentProgressOverlay';
import { VerificationBanner } from '../components/checkout/VerificationBanner';
import { knownCustomer, parseCustomer, prefill, profileChanges } from '../components/checkout/customer-details';
import { customerFields, emptyCustomer, type CustomerValues } from '../components/checkout/customer-values';
import type { PaxiPoint } from '../components/checkout/paxi-points';
import { forgetChosenPoint, readChosenPoint, readCheckoutDraft, rememberCheckoutDraft } from '../components/checkout/checkout-storage';
import { useRecheckedPoint } from '../components/checkout/use-rechecked-point';
import { titledMessage, useStartPayment, type DeliveryToPay } from '../components/checkout/use-start-payment';
import { usePageMeta } from '../lib/use-page-meta';
import { shop, vatVendor } from '../lib/initial-data';
import { needsFullTaxInvoice } from '../../shared/tax-documents';
import { staticPageMeta } from '../../shared/page-meta';
import { checkoutMessages } from '../../shared/checkout';
import { collectionFeeCents, findDeliveryOption, PAXI_STANDARD, type DeliveryOption } from '../../shared/shop-facts';
import type { CartItemView } from '../../shared/cart';
import { priceOrder } from '../../shared/pricing';
import { courierAddressSchema, shortAddress, type CourierServiceLevel, type DeliveryMethod } from '../../shared/delivery';
import type { CustomerInfo } from '../../shared/checkout';
import type { ProfileDetails } from '../../shared/profile';

/** The same rules the server checks the courier address with. */
const parseCourierAddress = (values: CourierAddressValues) => courierAddressSchema.safeParse(values);

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

/** The sign-in dialog starts with the name and email already typed here. */
function SignInNotice({ typed }: { typed: AuthTyped }) {
  return (
    <section aria-labelledby="sign-in-heading" className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center">
      <UserRound className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="sign-in-heading" className="font-semibold text-slate-900">
          Sign in to pay
        </h2>
        <p className="text-sm text-slate-700">Paying needs an account with a verified email. Your cart stays as it is when you sign in.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => openAuthDialog('login', typed)}>
          Sign In
        </Button>
        <Button size="sm" variant="outline" onClick={() => openAuthDialog('signup', typed)}>
          Create Account
        </Button>
      </div>
    </section>
  );
}

interface CheckoutProps {
  user: SessionUser | undefined;
  items: readonly CartItemView[];
  itemCount: number;
  subtotalCents: number;
}

/**
 * 'Save this information for next time': what My Profile lacks goes there before the payment page
 * opens. A failure says so and does not stand in the way of paying.
 */
function useSaveToProfile(profile: ProfileDetails | undefined) {
  const save = useSaveProfile();
  const saveDetails = async (customer: CustomerInfo) => {
    const changes = profileChanges(customer, profile);
    if (!changes) return;
    try {
      await save.mutateAsync(changes);
    } catch (error) {
      toast({ title: 'Details Not Saved', description: messageOf(error, 'We could not save your details to My Profile.'), variant: 'destructive' });
    }
  };
  return { saveDetails, saving: save.isPending };
}

function Checkout({ user, items, itemCount, subtotalCents }: CheckoutProps) {
  const session = useSession();
  const owner = user?.id ?? null;
  const { data: profileView } = useProfile(user?.id);
  // What this shopper filled in last time (a cancelled payment, an earlier visit): see checkout-storage.ts.
  const [draft] = useState(() => readCheckoutDraft(owner));
  const [method, setMethod] = useState<DeliveryMethod>(draft?.method ?? 'paxi');
  const [speed, setSpeed] = useState<DeliveryOption>(() => findDeliveryOption(draft?.speed ?? '') ?? PAXI_STANDARD);
  const courierForm = useValidatedForm({
    initial: () => draft?.courierAddress ?? emptyCourierAddress,
    fields: courierAddressFields,
    parse: parseCourierAddress,
    idPrefix: 'courier',
    checkOnBlur: true,
  });
  const [saveAddress, setSaveAddress] = useState(draft?.saveAddress ?? false);
  const parsedAddress = parseCourierAddress(courierForm.values);
  const currentQuote = parsedAddress.success ? quoteKey(parsedAddress.data, { itemCount, subtotalCents }) : '';
  const quote = useCourierQuote({ address: parsedAddress.data, key: currentQuote, enabled: method === 'courier' && !!user });
  const rates = quote.ratesFor(currentQuote);
  const [level, setLevel] = useState<CourierServiceLevel>(draft?.courierService ?? 'economy');
  const rate = rates?.find((offered) => offered.serviceLevel === level) ?? rates?.[0];
  const feeCents = method === 'paxi' ? collectionFeeCents(speed, itemCount) : (rate?.priceCents ?? 0);
  const discount = useDiscountCode(subtotalCents, feeCents, draft?.discountCode);
  const buyable = items.filter((item) => item.available);
  const price = priceOrder({
    lines: buyable.map((item) => ({ unitPriceCents: item.priceCents, quantity: item.quantity })),
    deliveryFeeCents: feeCents,
    discountCents: discount.applied?.discountCents,
    vatRegistered: vatVendor,
  });
  const { totalCents } = price;
  const addressRequired = needsFullTaxInvoice(shop, totalCents);
  const details = useValidatedForm({
    initial: () => draft?.customer ?? emptyCustomer,
    fields: customerFields,
    parse: (values) => parseCustomer(values, { addressRequired }),
    idPrefix: 'checkout',
    checkOnBlur: true,
  });
  // A point just chosen on the PAXI finder page comes before the one remembered from last time.
  const [point, setPoint] = useState<PaxiPoint | null>(() => readChosenPoint() ?? draft?.point ?? null);
  const [saveToProfile, setSaveToProfile] = useState(draft?.saveToProfile ?? true);
  const speedInput = useRef<HTMLInputElement>(null);
  const methodInput = useRef<HTMLInputElement>(null);
  const pointInput = useRef<HTMLInputElement>(null);
  const { saveDetails, saving } = useSaveToProfile(profileView?.profile);

  useEffect(() => {
    rememberCheckoutDraft(owner, { customer: details.values, speed: speed.method, point, saveToProfile, method, courierAddress: courierForm.values, courierService: level, saveAddress, discountCode: discount.kept });
    // The finder page's choice now lives in the draft, where changing it here sticks.
    forgetChosenPoint();
  }, [owner, details.values, speed, point, saveToProfile, method, courierForm.values, level, saveAddress, discount.kept]);

  // Signing in (here or in the dialog) and the saved profile fill in what the shopper has not typed.
  const known = knownCustomer(user, profileView?.profile);
  const knownKey = customerFields.map((field) => known[field]).join('\u0000');
  const [filled, setFilled] = useState<{ key: string; values: CustomerValues }>({ key: '', values: emptyCustomer });
  if (user && knownKey !== filled.key) {
    setFilled({ key: knownKey, values: known });
    details.setValues((current) => prefill(current, filled.values, known));
  }
  // The receipt and tax invoice go to the account's verified address, whatever was typed as a guest.
  if (user && details.values.email !== user.email) details.setValues((current) => ({ ...current, email: user.email }));

  const onPointRefused = useCallback(() => setPoint(null), []);
  const pointGone = useRecheckedPoint(point, onPointRefused);

  // The link may have been opened in another tab or on the phone: ask again.
  // Only the button's own question shows 'Checking...', not the banner's checks in the background.
  const [checking, setChecking] = useState(false);
  const recheckVerification = useRecheckVerification();
  const checkVerification = async () => {
    setChecking(true);
    // Unanswered, the question leaves the session as it was.
    const data = await recheckVerification().catch(() => session.data);
    setChecking(false);
    if (data?.user && !data.user.emailVerified) {
      toast({ title: 'Not Verified Yet', description: 'Please open the link in the email we sent you, then try again.', variant: 'destructive' });
    }
  };
  const askRates = () => {
    const address = courierForm.submit();
    if (address) void quote.ask(address, quoteKey(address, { itemCount, subtotalCents }));
  };
  const { forget: forgetQuote } = quote;
  const { recheck: recheckDiscount, refused: discountRefused } = discount;
  const onPricesChanged = useCallback(() => {
    forgetQuote();
    recheckDiscount();
  }, [forgetQuote, recheckDiscount]);
  const payment = useStartPayment({ onPointRefused, onPricesChanged, onCourierRefused: forgetQuote, onDiscountRefused: discountRefused });

  // The banner goes by itself when the link is opened elsewhere (VerificationBanner); say why.
  const wasVerified = useRef(user?.emailVerified);
  useEffect(() => {
    if (user?.emailVerified && wasVerified.current === false) {
      toast({ title: 'Email Verified', description: 'Thank you. You can now complete your purchase.' });
    }
    wasVerified.current = user?.emailVerified;
  }, [user?.emailVerified]);

  const goTo = (section: ReviewSection) => {
    if (section === 'details') details.focus('firstName');
    else if (section === 'speed') speedInput.current?.focus();
    else if (section === 'address') courierForm.focus('street');
    else pointInput.current?.focus();
  };

  /** Where the order goes, once the page has all it needs; undefined after saying what is missing. */
  const deliveryToPay = (): DeliveryToPay | undefined => {
    if (method === 'paxi') {
      if (point) return { method, speed, point };
      toast({ ...titledMessage(checkoutMessages.pickupPointRequired, 'PAXI Point Required'), variant: 'destructive' });
      pointInput.current?.focus();
      return undefined;
    }
    const address = courierForm.submit();
    if (!address) return undefined;
    if (rate) return { method, serviceLevel: rate.serviceLevel, address, saveAddress };
    if (!user) {
      openAuthDialog('login');
      return undefined;
    }
    if (quote.pending) return undefined;
    // The courier could not price this address: say why, and ask once more.
    toast({ title: 'Delivery Price Needed', description: quote.errorFor(currentQuote) ?? "The courier's price for your address is not in yet. Please try again in a moment.", variant: 'destructive' });
    askRates();
    return undefined;
  };

  /** What a courier checkout still needs before the total is whole: the Pay button says it instead of a total without delivery. */
  const priceMissing = (): PriceMissing | undefined => {
    if (method !== 'courier' || rate) return undefined;
    if (!user) return { says: 'Sign in for the delivery price', waiting: false };
    if (!parsedAddress.success) return { says: 'Enter your address for the delivery price', waiting: false };
    if (quote.errorFor(currentQuote)) return { says: 'Delivery price needed', waiting: false };
    return { says: 'Getting the delivery price…', waiting: true };
  };

  const typedForSignIn: AuthTyped = { name: `${details.values.firstName} ${details.values.lastName}`.trim(), email: details.values.email.trim() };
  const onPay = details.onSubmit(payment.preparing || saving, async (customer) => {
    const delivery = deliveryToPay();
    if (!delivery) return;
    if (!user) {
      openAuthDialog('login', typedForSignIn);
      return;
    }
    if (saveToProfile) await saveDetails(customer);
    void payment.start({ customer, delivery, discountCode: discount.applied?.code, items: buyable, itemCount, subtotalCents, feeCents, totalCents });
  });

  const summaryDelivery: SummaryDelivery =
    method === 'paxi'
      ? { method, speed, point }
      : { method, service: rate?.name, address: parsedAddress.success ? shortAddress(parsedAddress.data) : undefined };

  return (
    <div className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <Link to="/shop" className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Continue shopping
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">Checkout</h1>
        <p className="mt-1 text-slate-600">Check every part of your order below; you can change anything before you pay.</p>

        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div className="space-y-6">
            {!user && <SignInNotice typed={typedForSignIn} />}
            {user && !user.emailVerified && (
              <VerificationBanner email={user.email} checking={checking} onCheckAgain={() => void checkVerification()} />
            )}
            <form id={FORM_ID} noValidate onSubmit={onPay} aria-label="Checkout" className="space-y-6">
              <CustomerDetailsFields form={details} addressRequired={addressRequired} byCourier={method === 'courier'} saveToProfile={user ? { checked: saveToProfile, onChange: setSaveToProfile } : undefined} accountEmail={user?.email} />
              <DeliveryMethodChoice ref={methodInput} value={method} onChange={setMethod} />
              {method === 'paxi' && <DeliverySpeedChoice ref={speedInput} value={speed} onChange={setSpeed} />}
              {method === 'courier' && (
                <CourierDelivery
                  form={courierForm}
                  savedAddresses={profileView?.addresses ?? []}
                  saveAddress={user ? { checked: saveAddress, onChange: setSaveAddress } : undefined}
                  rates={rates}
                  chosen={rate?.serviceLevel}
                  onChoose={setLevel}
                  onAskRates={user ? askRates : () => openAuthDialog('login')}
                  asking={quote.pending}
                  problem={quote.errorFor(currentQuote)}
                  onChoosePaxi={() => {
                    setMethod('paxi');
                    methodInput.current?.focus();
                  }}
                />
              )}
            </form>
            {method === 'paxi' && pointGone && (
              <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                {pointGone}
              </p>
            )}
            {method === 'paxi' && <PaxiPointFinder ref={pointInput} selected={point} onSelect={setPoint} />}
          </div>
          <OrderSummary
            items={items}
            delivery={summaryDelivery}
            discount={discount}
            price={price}
            customer={details.values}
            onChange={goTo}
            formId={FORM_ID}
            preparing={payment.preparing || saving}
            priceMissing={priceMissing()}
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
