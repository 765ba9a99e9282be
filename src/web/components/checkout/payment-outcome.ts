import { ApiError, apiRequest } from '../../lib/api';
import { cartHeader } from '../../lib/cart-session';
import { wait, withFreshSignInRetries } from '../../lib/fresh-sign-in';
import { checkoutMessages, successfulPaymentStatuses, type PaymentVerification } from '../../../shared/checkout';

/** The payment pages' texts, as the spec words them (sections 4 and 8). */
export const paymentTexts = {
  verifyNotFound: checkoutMessages.paymentNotFound,
  verifyAuthentication: 'Payment verification failed due to authentication issues.',
  verifyFailed: 'Failed to verify payment status. Please contact support if you were charged.',
  missingCheckout: 'Payment information not found - payment was likely cancelled or failed',
  sessionLost: 'Authentication expired during payment. Your payment was processed but order creation failed.',
  completeAuthentication: 'Authentication failed. Please refresh the page and sign in again.',
  successTitle: 'Payment Successful!',
  successDetail: 'Your order has been confirmed and is being processed.',
  failedTitle: 'Payment Failed',
} as const;

export type PaymentOutcome =
  | { kind: 'success'; verification: PaymentVerification; orderNumber: string | null }
  /** Placed to be paid by bank transfer: nothing is paid yet, and the order's page says how to pay. */
  | { kind: 'ordered'; orderNumber: string; orderLink: string | null }
  /** The provider's answer was not a payment: cancelled, failed, expired, still pending, or no checkout at all. */
  | { kind: 'failed'; message: string; status: string | null; checkoutId: string | null }
  /** A call on the way failed: the payment may still have gone through. */
  | { kind: 'error'; message: string; checkoutId: string | null };

interface CompletedPayment {
  success?: boolean;
  alreadyExisted?: boolean;
  message?: string;
  order?: { id: string; orderNumber: string; totalAmount: number; currency: string; status: string };
}

/**
 * A payment the provider still reports as pending is asked about again this often, this far
 * apart, before the page gives up: the return from the payment page can beat the payment itself.
 */
const PENDING_RECHECKS = 2;
const PENDING_RECHECK_DELAY_MS = 2000;

function isSuccessfulStatus(status: string): boolean {
  return (successfulPaymentStatuses as readonly string[]).includes(status.toLowerCase());
}

function verifyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return paymentTexts.verifyNotFound;
  // 403: signed out, with the cart of an account (CHECKOUT_ACCOUNTS=optional): its owner signs in to see it.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return paymentTexts.verifyAuthentication;
  return paymentTexts.verifyFailed;
}

function completeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return paymentTexts.completeAuthentication;
    return `Payment completion failed: ${error.status} - ${error.serverMessage ?? error.body}`;
  }
  return `Payment completion failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** An order that an earlier call (the verification, the provider's webhook) already made counts as done. */
function isAlreadyRecorded(message: string): boolean {
  return message.toLowerCase().includes('already exists');
}

/** The success page's toast (spec section 8). */
export const successToast = { title: paymentTexts.successTitle, description: paymentTexts.successDetail };

/** What went wrong, in words for the page: how the provider ended the payment. */
const endedAs: Record<string, string> = {
  failed: 'your card was declined, and no money was taken',
  cancelled: 'the payment was cancelled, and no money was taken',
  expired: 'the payment expired before it was completed, and no money was taken',
};

export type PaymentNotConfirmed = Exclude<PaymentOutcome, { kind: 'success' | 'ordered' }>;

/**
 * One heading and one message for a payment that did not go through, or could not be confirmed
 * (spec sections 2 and 8: the failed page's words, and the titles of its toasts), with what to do next.
 */
export function paymentProblem(outcome: PaymentNotConfirmed): { title: string; message: string; nextStep: string } {
  if (outcome.kind === 'failed') {
    const what = outcome.status ? (endedAs[outcome.status] ?? `the payment was ${outcome.status}`) : null;
    return {
      title: paymentTexts.failedTitle,
      message: what ? `We couldn't process your payment: ${what}.` : `${outcome.message}.`,
      nextStep: 'Your flags are still in your cart: try again, with another card if yours was declined, or contact us.',
    };
  }
  const lower = outcome.message.toLowerCase();
  const title =
    lower.includes('not found') || lower.includes('expired')
      ? 'Payment Session Expired'
      : lower.includes('authentication')
        ? 'Authentication Error'
        : 'Payment Verification Failed';
  return { title, message: outcome.message, nextStep: 'If you were charged, please contact us with your payment reference; otherwise try again.' };
}

export interface SettleDeps {
  request?: typeof apiRequest;
  /** Who is signed in now; null (or a failure) when nobody is. */
  getSession: () => Promise<unknown>;
  /** The browser's cart session id, sent with the completion ('default' without one). */
  cartSessionId: string | null;
  sleep?: (ms: number) => Promise<void>;
}

/** A fresh sign-in for completing the order: true once the server confirms one, within the spec's tries (fresh-sign-in.ts). */
export async function confirmSignedIn(getSession: () => Promise<unknown>, sleep: (ms: number) => Promise<void> = wait): Promise<boolean> {
  const signedIn = async () => {
    if (!(await getSession())) throw new Error('Nobody is signed in');
  };
  // A failed look-up counts as a failed attempt, as does an answer saying nobody is signed in.
  return withFreshSignInRetries(signedIn, sleep).then(
    () => true,
    () => false,
  );
}

function isVerification(value: unknown): value is PaymentVerification {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'string';
}

/** The provider's answer about a checkout: paid, or why not (the pages' first step). */
export type CheckedPayment = { kind: 'paid'; verification: PaymentVerification } | Extract<PaymentOutcome, { kind: 'ordered' }> | PaymentNotConfirmed;

/** Asks the server about the checkout, again while it is still pending (the return can beat the payment). */
export async function checkPayment(checkoutId: string | null, deps: Pick<SettleDeps, 'request' | 'sleep'> & { cartSessionId?: string | null } = {}): Promise<CheckedPayment> {
  const request = deps.request ?? apiRequest;
  const sleep = deps.sleep ?? wait;
  if (!checkoutId) return { kind: 'failed', message: paymentTexts.missingCheckout, status: null, checkoutId: null };

  const path = `/api/payments/yoco/verify/${encodeURIComponent(checkoutId)}`;
  const headers = cartHeader(deps.cartSessionId ?? null);
  let verification: PaymentVerification;
  try {
    let answer = await request<unknown>('GET', path, undefined, headers);
    for (let recheck = 0; recheck < PENDING_RECHECKS && isVerification(answer) && answer.status === 'pending'; recheck += 1) {
      await sleep(PENDING_RECHECK_DELAY_MS);
      answer = await request<unknown>('GET', path, undefined, headers);
    }
    if (!isVerification(answer)) return { kind: 'error', message: paymentTexts.verifyFailed, checkoutId };
    verification = answer;
  } catch (error) {
    return { kind: 'error', message: verifyErrorMessage(error), checkoutId };
  }

  if (verification.status === 'ordered' && verification.orderNumber) return { kind: 'ordered', orderNumber: verification.orderNumber, orderLink: verification.orderLink };
  if (!isSuccessfulStatus(verification.status)) {
    return { kind: 'failed', message: `Payment ${verification.status}`, status: verification.status, checkoutId };
  }
  return { kind: 'paid', verification };
}

/**
 * The payment-success page's work (spec section 4): confirm the payment with the server, then,
 * signed in afresh, record the order. The caller shows the outcome, clears the stored checkout
 * id and refreshes the cart.
 */
export async function settlePayment(checkoutId: string | null, deps: SettleDeps): Promise<PaymentOutcome> {
  const request = deps.request ?? apiRequest;
  const checked = await checkPayment(checkoutId, deps);
  if (checked.kind !== 'paid') return checked;
  const { verification } = checked;
  // A guest's order: the server placed it when it confirmed the payment, and no sign-in is asked for.
  if (verification.orderLink) return { kind: 'success', verification, orderNumber: verification.orderNumber };

  if (!(await confirmSignedIn(deps.getSession, deps.sleep ?? wait))) {
    return { kind: 'error', message: paymentTexts.sessionLost, checkoutId };
  }

  try {
    const completed = await request<CompletedPayment>('POST', '/api/payments/complete', {
      checkoutId: verification.metadata?.checkoutId ?? checkoutId,
      sessionId: deps.cartSessionId ?? 'default',
    });
    return { kind: 'success', verification, orderNumber: completed?.order?.orderNumber ?? verification.orderNumber ?? null };
  } catch (error) {
    const message = completeErrorMessage(error);
    if (isAlreadyRecorded(message)) return { kind: 'success', verification, orderNumber: verification.orderNumber ?? null };
    return { kind: 'error', message, checkoutId };
  }
}
