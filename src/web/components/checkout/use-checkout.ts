import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '../ui/toast-store';
import { messageOf } from '../../lib/api';
import { openAuthDialog, type AuthTyped } from '../auth/auth-dialog-store';
import { useRecheckVerification, useSession } from '../auth/use-session';
import type { SessionUser } from '../auth/sign-in-types';
import { useProfile, useSaveProfile } from '../account/use-profile';
import { useValidatedForm } from '../ui/use-validated-form';
import type { PriceMissing, ReviewSection, SummaryDelivery } from './OrderSummary';
import { courierAddressFields, emptyCourierAddress, quoteKey, type CourierAddressValues } from './courier-address';
import { useCourierQuote } from './use-courier-quote';
import { useDiscountCode } from './use-discount-code';
import { knownCustomer, parseCustomer, prefill, profileChanges } from './customer-details';
import { customerFields, emptyCustomer, type CustomerValues } from './customer-values';
import { forgetChosenPoint, readChosenPoint, readCheckoutDraft, rememberCheckoutDraft } from './checkout-storage';
import { useRecheckedPoint } from './use-rechecked-point';
import { titledMessage, useStartPayment, type DeliveryToPay } from './use-start-payment';
import { checkoutChoicesReducer, initialChoices } from './checkout-choices';
import { paymentMethods, shop, vatVendor } from '../../lib/initial-data';
import { needsFullTaxInvoice } from '../../../shared/tax-documents';
import { checkoutMessages } from '../../../shared/checkout';
import { collectionFeeCents } from '../../../shared/shop-facts';
import type { CartItemView } from '../../../shared/cart';
import { priceOrder } from '../../../shared/pricing';
import { courierAddressSchema, shortAddress } from '../../../shared/delivery';
import type { CustomerInfo } from '../../../shared/checkout';
import type { ProfileDetails } from '../../../shared/profile';

/** The same rules the server checks the courier address with. */
const parseCourierAddress = (values: CourierAddressValues) => courierAddressSchema.safeParse(values);

export interface CheckoutCart {
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

/**
 * Everything the checkout page knows and does: the shopper's choices (a reducer,
 * checkout-choices.ts), the details and courier address forms, the courier's price, the discount
 * code, the price (priceOrder), the draft kept for next time, the email check, and paying. The
 * page only lays it out.
 */
export function useCheckout({ user, items, itemCount, subtotalCents }: CheckoutCart) {
  const session = useSession();
  const owner = user?.id ?? null;
  const { data: profileView } = useProfile(user?.id);
  // What this shopper filled in last time (a cancelled payment, an earlier visit): see checkout-storage.ts.
  const [draft] = useState(() => readCheckoutDraft(owner));
  const [choices, choose] = useReducer(checkoutChoicesReducer, undefined, () => initialChoices(draft, readChosenPoint()));
  const { method, speed, point, level, saveAddress, saveToProfile, createAccount } = choices;
  // Paying as a guest: only while nobody is signed in (signing in here turns the page into theirs).
  const asGuest = !user && choices.asGuest;
  const courierForm = useValidatedForm({
    initial: () => draft?.courierAddress ?? emptyCourierAddress,
    fields: courierAddressFields,
    parse: parseCourierAddress,
    idPrefix: 'courier',
    checkOnBlur: true,
  });
  const parsedAddress = parseCourierAddress(courierForm.values);
  const currentQuote = parsedAddress.success ? quoteKey(parsedAddress.data, { itemCount, subtotalCents }) : '';
  const quote = useCourierQuote({ address: parsedAddress.data, key: currentQuote, enabled: method === 'courier' && (!!user || asGuest) });
  const rates = quote.ratesFor(currentQuote);
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
  // Asked only where the shop offers several ways to pay; otherwise the shop's one pays, as before.
  const [paymentMethod, setPaymentMethod] = useState(() => paymentMethods[0]?.name ?? '');
  // "Email me a reminder if I don't finish paying": unticked until the shopper ticks it (POPIA).
  const [remindMe, setRemindMe] = useState(false);
  const choosingPayment = paymentMethods.length > 1;
  const speedInput = useRef<HTMLInputElement>(null);
  const methodInput = useRef<HTMLInputElement>(null);
  const pointInput = useRef<HTMLInputElement>(null);
  const { saveDetails, saving } = useSaveToProfile(profileView?.profile);

  useEffect(() => {
    rememberCheckoutDraft(owner, { customer: details.values, speed: speed.method, point, saveToProfile, method, courierAddress: courierForm.values, courierService: level, saveAddress, discountCode: discount.kept, asGuest, createAccount });
    // The finder page's choice now lives in the draft, where changing it here sticks.
    forgetChosenPoint();
  }, [owner, details.values, speed, point, saveToProfile, method, courierForm.values, level, saveAddress, discount.kept, asGuest, createAccount]);

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

  const onPointRefused = useCallback(() => choose({ type: 'point', value: null }), []);
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
    if (!user && !asGuest) {
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
    if (!user && !asGuest) return { says: 'Sign in for the delivery price', waiting: false };
    if (!parsedAddress.success) return { says: 'Enter your address for the delivery price', waiting: false };
    if (quote.errorFor(currentQuote)) return { says: 'Delivery price needed', waiting: false };
    return { says: 'Getting the delivery price…', waiting: true };
  };

  const typedForSignIn: AuthTyped = { name: `${details.values.firstName} ${details.values.lastName}`.trim(), email: details.values.email.trim() };
  const onPay = details.onSubmit(payment.preparing || saving, async (customer) => {
    const delivery = deliveryToPay();
    if (!delivery) return;
    if (!user && !asGuest) {
      openAuthDialog('login', typedForSignIn);
      return;
    }
    if (user && saveToProfile) await saveDetails(customer);
    void payment.start({
      customer,
      delivery,
      discountCode: discount.applied?.code,
      items: buyable,
      itemCount,
      subtotalCents,
      feeCents,
      totalCents,
      ...(choosingPayment ? { paymentMethod } : {}),
      asGuest,
      remindMe,
    });
  });

  const summaryDelivery: SummaryDelivery =
    method === 'paxi'
      ? { method, speed, point }
      : { method, service: rate?.name, address: parsedAddress.success ? shortAddress(parsedAddress.data) : undefined };

  return {
    choices,
    choose,
    details,
    courierForm,
    profileView,
    quote,
    currentQuote,
    rates,
    rate,
    discount,
    price,
    addressRequired,
    pointGone,
    verification: { checking, checkAgain: () => void checkVerification() },
    askRates,
    payment,
    saving,
    onPay,
    goTo,
    priceMissing: priceMissing(),
    summaryDelivery,
    typedForSignIn,
    asGuest,
    payingWith: choosingPayment ? { methods: paymentMethods, chosen: paymentMethods.find((m) => m.name === paymentMethod)!, choose: setPaymentMethod } : undefined,
    inputs: { speed: speedInput, method: methodInput, point: pointInput },
    reminder: { checked: remindMe, onChange: setRemindMe },
  };
}
