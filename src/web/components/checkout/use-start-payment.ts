import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { readCartSessionId } from '../../lib/cart-session';
import { shop } from '../../lib/initial-data';
import { openAuthDialog } from '../auth/auth-dialog-store';
import { fetchSession, SESSION_KEY } from '../auth/use-session';
import type { Session } from '../auth/sign-in-types';
import { cartQueryKey } from '../cart/use-cart';
import { toast } from '../ui/toast-store';
import { rememberCheckoutId } from './checkout-storage';
import { usePaymentProgress, type PaymentStep } from './use-payment-progress';
import type { PaxiPoint } from './paxi-points';
import type { CartItemView } from '../../../shared/cart';
import { checkoutMessages, type createCheckoutSchema, type CustomerInfo } from '../../../shared/checkout';
import type { DeliveryOption } from '../../../shared/shop-facts';
import type { CourierAddress, CourierServiceLevel } from '../../../shared/delivery';
import { guestMessages } from '../../../shared/guest-orders';

/** The checkout's own texts (spec section 8). */
const startPaymentTexts = {
  invalidAnswer: 'Invalid response from payment server',
  proceedFailed: 'Failed to proceed to checkout. Please try again.',
  paymentError: { title: 'Payment Error', description: 'Failed to initiate payment. Please try again or contact support.' },
  authenticationError: { title: 'Authentication Error', description: 'Failed to authenticate. Please try signing in again.' },
} as const;

/** 'PAXI Point Required: Please select…' as a toast: the words before the colon are its title. */
export function titledMessage(message: string, fallbackTitle: string): { title: string; description: string } {
  const match = /^([A-Z][A-Za-z ]{2,40}): (.+)$/s.exec(message);
  return match ? { title: match[1]!, description: match[2]! } : { title: fallbackTitle, description: message };
}

/** Where the order goes: a PAXI speed and point, or a courier's service to an address. */
export type DeliveryToPay =
  | { method: 'paxi'; speed: DeliveryOption; point: PaxiPoint }
  | { method: 'courier'; serviceLevel: CourierServiceLevel; address: CourierAddress; saveAddress: boolean };

export interface OrderToPay {
  customer: CustomerInfo;
  delivery: DeliveryToPay;
  /** The code the summary shows applied; the server counts it again. */
  discountCode: string | undefined;
  items: readonly CartItemView[];
  itemCount: number;
  subtotalCents: number;
  feeCents: number;
  /** The total the page shows; the server refuses it (409) when its own differs. */
  totalCents: number;
  /** The way to pay chosen, where the shop offers several; left out, the shop's first. */
  paymentMethod?: string;
  /** Paying without an account (CHECKOUT_ACCOUNTS=optional): no sign-in to check, and the cart is named. */
  asGuest?: boolean;
  /** "Email me a reminder if I don't finish paying", ticked. */
  remindMe?: boolean;
}

type CreateCheckoutBody = z.input<typeof createCheckoutSchema>;
/** The server reads the point's code; its name and address ride along for the payment record (spec section 7). */
type PaxiPointReference = NonNullable<CreateCheckoutBody['metadata']['paxiPoint']> & { name: string; address: string };

function deliveryRequest(delivery: DeliveryToPay): Pick<CreateCheckoutBody['metadata'], 'deliveryMethod' | 'deliverySpeed' | 'paxiPoint' | 'courier'> {
  if (delivery.method === 'courier') {
    const { serviceLevel, address, saveAddress } = delivery;
    return { deliveryMethod: 'courier', courier: { serviceLevel, address, saveAddress } };
  }
  const { speed, point } = delivery;
  const paxiPoint: PaxiPointReference = { id: point.code, name: point.name, address: point.address };
  return { deliveryMethod: 'paxi', deliverySpeed: speed.method, paxiPoint };
}

function checkoutRequest(order: OrderToPay): CreateCheckoutBody {
  const { customer, delivery } = order;
  const how = delivery.method === 'paxi' ? `${delivery.speed.name} collection` : 'courier delivery';
  return {
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    ...(order.asGuest ? { cartSessionId: readCartSessionId() ?? undefined } : {}),
    amount: order.totalCents,
    currency: 'ZAR',
    description: `${shop.name} order: ${order.itemCount} flag${order.itemCount === 1 ? '' : 's'}, ${how}`,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    metadata: {
      customerInfo: customer,
      ...deliveryRequest(delivery),
      ...(order.discountCode ? { discountCode: order.discountCode } : {}),
      items: order.items.map((item) => ({
        productId: item.productId,
        productName: item.productName,
        quantity: item.quantity,
        priceCents: item.priceCents,
      })),
      totals: { subtotal: order.subtotalCents, shipping: order.feeCents, total: order.totalCents },
      remindMe: order.remindMe === true,
    },
  };
}

class InvalidPaymentAnswer extends Error {}

/** What the page does when the payment cannot open: a toast, maybe an inline message, and what to refresh. */
interface PaymentRefusal {
  toast: { title: string; description: string };
  /** Shown in the order summary; none when the toast says it all. */
  inline?: string;
  /** The server's word changed what the page knows: ask again. */
  refresh?: 'session' | 'cart';
  /** Opens the sign-in dialog. */
  signIn?: boolean;
  /** The chosen PAXI point is not one the shop delivers to (any more): the shopper picks another. */
  pointRefused?: boolean;
  /** The server's total differs: the courier's price or the discount is asked for again. */
  pricesChanged?: boolean;
  /** The courier cannot deliver there now: its prices are dropped. */
  courierRefused?: boolean;
  /** The discount code no longer applies: the summary drops it with this message. */
  discountRefused?: string;
}

/** The spec's fresh ID token: the server's word on who is signed in, and whether verified. Null when payment may go on. */
async function checkShopper(client: QueryClient): Promise<PaymentRefusal | null> {
  let session: Session | null;
  try {
    session = await fetchSession();
  } catch {
    return { toast: startPaymentTexts.authenticationError };
  }
  client.setQueryData(SESSION_KEY, session);
  if (!session) return { toast: startPaymentTexts.authenticationError, signIn: true };
  if (!session.user.emailVerified) return { toast: titledMessage(checkoutMessages.emailVerificationRequired, 'Email Verification Required') };
  return null;
}

/** Asks the server for a checkout, keeps its id and leaves for the payment page. */
async function openPaymentPage(order: OrderToPay, reach: (step: PaymentStep) => void): Promise<void> {
  reach('Securing Payment');
  const body = checkoutRequest(order);
  reach('Processing Transaction');
  const answer = await callApi('openCheckout', { body });
  // A proxy or a stale page may still answer otherwise: there is then no page to go to.
  if (!answer?.id || !answer.redirectUrl) throw new InvalidPaymentAnswer(startPaymentTexts.invalidAnswer);
  reach('Finalizing Order');
  rememberCheckoutId(answer.id);
  reach('Redirecting to Payment');
  window.location.assign(answer.redirectUrl);
}

/** The spec's toasts for a checkout that could not be opened; the server's refusals are told apart by status and code. */
function refusalOf(failure: unknown): PaymentRefusal {
  if (failure instanceof InvalidPaymentAnswer) return { toast: startPaymentTexts.paymentError, inline: startPaymentTexts.invalidAnswer };
  if (!(failure instanceof ApiError)) return { toast: startPaymentTexts.paymentError, inline: startPaymentTexts.proceedFailed };
  const message = failure.serverMessage;
  // A guest refused for sign-in: the shop has since stopped taking guests (CHECKOUT_ACCOUNTS), as the server says.
  if (failure.status === 401 && failure.serverMessage === guestMessages.accountsRequired) {
    return { toast: { title: 'Please Sign In', description: guestMessages.accountsRequired }, inline: guestMessages.accountsRequired, signIn: true };
  }
  if (failure.status === 401) return { toast: startPaymentTexts.authenticationError, refresh: 'session', signIn: true };
  if (failure.status === 403) {
    return { toast: titledMessage(message ?? checkoutMessages.emailVerificationRequired, 'Email Verification Required'), refresh: 'session' };
  }
  if (failure.status === 409) {
    // Prices changed since the page loaded: show the new cart and let the shopper look again.
    const said = message ?? startPaymentTexts.proceedFailed;
    return { toast: { title: 'Please Review Your Order', description: said }, inline: said, refresh: 'cart', pricesChanged: true };
  }
  if (failure.code === 'courier_unavailable' && message) {
    return { toast: { title: 'Courier Unavailable', description: message }, inline: message, courierRefused: true };
  }
  if (failure.code === 'discount_refused' && message) {
    return { toast: { title: 'Discount Code Not Applied', description: message }, inline: message, discountRefused: message };
  }
  if (failure.status === 400 && message) {
    return {
      toast: titledMessage(message, startPaymentTexts.paymentError.title),
      inline: message,
      refresh: failure.code === 'cart_empty' ? 'cart' : undefined,
      pointRefused: failure.code === 'point_unavailable',
    };
  }
  return { toast: startPaymentTexts.paymentError, inline: message ?? startPaymentTexts.proceedFailed };
}

/**
 * Opens the card payment for an order the page has checked: confirms the shopper is signed in
 * with a verified email, runs the progress overlay, asks the server for a checkout, keeps its id
 * and leaves for the payment page. Problems end in the spec's toasts and an inline message.
 */
export interface PaymentRefusalHandlers {
  onPointRefused: () => void;
  onPricesChanged: () => void;
  onCourierRefused: () => void;
  onDiscountRefused: (message: string) => void;
}

export function useStartPayment(options: PaymentRefusalHandlers) {
  const client = useQueryClient();
  const progress = usePaymentProgress();
  const { reach, stop } = progress;
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string>();
  const busy = useRef(false);
  const { onPointRefused, onPricesChanged, onCourierRefused, onDiscountRefused } = options;

  // Coming back from the payment page with the browser's Back button can restore this page as it
  // was left, overlay and all: start over.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPreparing(false);
      stop();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [stop]);

  const giveUp = useCallback(
    (refusal: PaymentRefusal) => {
      if (refusal.pointRefused) onPointRefused();
      if (refusal.pricesChanged) onPricesChanged();
      if (refusal.courierRefused) onCourierRefused();
      if (refusal.discountRefused) onDiscountRefused(refusal.discountRefused);
      if (refusal.refresh === 'session') void client.invalidateQueries({ queryKey: SESSION_KEY });
      if (refusal.refresh === 'cart') void client.invalidateQueries({ queryKey: cartQueryKey(readCartSessionId()) });
      // Said once: where the page says it beside Pay, the same words are not toasted as well.
      if (refusal.toast.description !== refusal.inline) toast({ ...refusal.toast, variant: 'destructive' });
      if (refusal.signIn) openAuthDialog('login');
      busy.current = false;
      setPreparing(false);
      setError(refusal.inline);
      stop();
    },
    [client, onPointRefused, onPricesChanged, onCourierRefused, onDiscountRefused, stop],
  );

  const start = useCallback(
    async (order: OrderToPay) => {
      if (busy.current) return;
      busy.current = true;
      setPreparing(true);
      setError(undefined);
      reach('Validating Order');
      const refused = order.asGuest ? null : await checkShopper(client);
      if (refused) return giveUp(refused);
      try {
        await openPaymentPage(order, reach);
      } catch (failure) {
        giveUp(refusalOf(failure));
      }
    },
    [client, giveUp, reach],
  );

  return { start, preparing, error, progress };
}
