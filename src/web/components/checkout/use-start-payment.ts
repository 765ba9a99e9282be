import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api';
import { readCartSessionId } from '../../lib/cart-session';
import { shop } from '../../lib/initial-data';
import { openAuthDialog } from '../auth/auth-dialog-store';
import { fetchSession, SESSION_KEY, type Session } from '../auth/use-session';
import { cartQueryKey } from '../cart/use-cart';
import { toast } from '../ui/toast-store';
import { rememberCheckoutId } from './checkout-storage';
import { usePaymentProgress } from './use-payment-progress';
import type { PaxiPoint } from './paxi-points';
import type { CartItemView } from '../../../shared/cart';
import { checkoutMessages, type createCheckoutSchema, type CustomerInfo } from '../../../shared/checkout';
import type { DeliveryOption } from '../../../shared/shop-facts';

/** The checkout's own texts (spec section 8). */
export const startPaymentTexts = {
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

export interface OrderToPay {
  customer: CustomerInfo;
  speed: DeliveryOption;
  point: PaxiPoint;
  items: readonly CartItemView[];
  itemCount: number;
  subtotalCents: number;
  feeCents: number;
  /** The total the page shows; the server refuses it (409) when its own differs. */
  totalCents: number;
}

type CreateCheckoutBody = z.input<typeof createCheckoutSchema>;
/** The server reads the point's code; its name and address ride along for the payment record (spec section 7). */
type PaxiPointReference = CreateCheckoutBody['metadata']['paxiPoint'] & { name: string; address: string };

export function checkoutRequest(order: OrderToPay): CreateCheckoutBody {
  const { customer, speed, point } = order;
  const paxiPoint: PaxiPointReference = { id: point.code, name: point.name, address: point.address };
  return {
    amount: order.totalCents,
    currency: 'ZAR',
    description: `${shop.name} order: ${order.itemCount} flag${order.itemCount === 1 ? '' : 's'}, ${speed.name} collection`,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    metadata: {
      customerInfo: customer,
      deliveryMethod: 'paxi',
      deliverySpeed: speed.method,
      paxiPoint,
      items: order.items.map((item) => ({
        productId: item.productId,
        productName: item.productName,
        quantity: item.quantity,
        priceCents: item.priceCents,
      })),
      totals: { subtotal: order.subtotalCents, shipping: order.feeCents, total: order.totalCents },
    },
  };
}

class InvalidPaymentAnswer extends Error {}

/**
 * Opens the card payment for an order the page has checked: confirms the shopper is signed in
 * with a verified email, runs the progress overlay, asks the server for a checkout, keeps its id
 * and leaves for the payment page. Problems end in the spec's toasts and an inline message.
 */
export function useStartPayment(options: { onPointRefused: () => void }) {
  const client = useQueryClient();
  const progress = usePaymentProgress();
  const { reach, stop } = progress;
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string>();
  const busy = useRef(false);
  const { onPointRefused } = options;

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
    (inline?: string) => {
      busy.current = false;
      setPreparing(false);
      setError(inline);
      stop();
    },
    [stop],
  );

  const start = useCallback(
    async (order: OrderToPay) => {
      if (busy.current) return;
      busy.current = true;
      setPreparing(true);
      setError(undefined);

      // The spec's fresh ID token: the server's word on who is signed in, and whether verified.
      reach('Validating Order');
      let session: Session | null;
      try {
        session = await fetchSession();
      } catch {
        toast({ ...startPaymentTexts.authenticationError, variant: 'destructive' });
        return giveUp();
      }
      client.setQueryData(SESSION_KEY, session);
      if (!session) {
        toast({ ...startPaymentTexts.authenticationError, variant: 'destructive' });
        openAuthDialog('login');
        return giveUp();
      }
      if (!session.user.emailVerified) {
        toast({ ...titledMessage(checkoutMessages.emailVerificationRequired, 'Email Verification Required'), variant: 'destructive' });
        return giveUp();
      }

      reach('Securing Payment');
      const body = checkoutRequest(order);
      reach('Processing Transaction');
      try {
        const answer = await apiRequest<{ id?: string; redirectUrl?: string } | undefined>('POST', '/api/payments/yoco/create-checkout', body);
        if (!answer?.id || !answer.redirectUrl) throw new InvalidPaymentAnswer(startPaymentTexts.invalidAnswer);
        reach('Finalizing Order');
        rememberCheckoutId(answer.id);
        reach('Redirecting to Payment');
        window.location.assign(answer.redirectUrl);
      } catch (failure) {
        if (failure instanceof InvalidPaymentAnswer) {
          toast({ ...startPaymentTexts.paymentError, variant: 'destructive' });
          return giveUp(startPaymentTexts.invalidAnswer);
        }
        if (!(failure instanceof ApiError)) {
          toast({ ...startPaymentTexts.paymentError, variant: 'destructive' });
          return giveUp(startPaymentTexts.proceedFailed);
        }
        const message = failure.serverMessage;
        if (failure.status === 401) {
          void client.invalidateQueries({ queryKey: SESSION_KEY });
          toast({ ...startPaymentTexts.authenticationError, variant: 'destructive' });
          openAuthDialog('login');
          return giveUp();
        }
        if (failure.status === 403) {
          void client.invalidateQueries({ queryKey: SESSION_KEY });
          toast({ ...titledMessage(message ?? checkoutMessages.emailVerificationRequired, 'Email Verification Required'), variant: 'destructive' });
          return giveUp();
        }
        if (failure.status === 409) {
          // Prices changed since the page loaded: show the new cart and let the shopper look again.
          void client.invalidateQueries({ queryKey: cartQueryKey(readCartSessionId()) });
          toast({ title: 'Please Review Your Order', description: message ?? startPaymentTexts.proceedFailed, variant: 'destructive' });
          return giveUp(message ?? startPaymentTexts.proceedFailed);
        }
        if (failure.status === 400 && message) {
          if (message === checkoutMessages.pickupPointRequired) onPointRefused();
          if (message.startsWith(checkoutMessages.cartEmpty)) void client.invalidateQueries({ queryKey: cartQueryKey(readCartSessionId()) });
          toast({ ...titledMessage(message, startPaymentTexts.paymentError.title), variant: 'destructive' });
          return giveUp(message);
        }
        toast({ ...startPaymentTexts.paymentError, variant: 'destructive' });
        return giveUp(message ?? startPaymentTexts.proceedFailed);
      }
    },
    [client, giveUp, reach, onPointRefused],
  );

  return { start, preparing, error, progress };
}
