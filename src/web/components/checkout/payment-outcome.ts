import { ApiError, apiRequest } from '../../lib/api';
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
  /** The provider's answer was not a payment: cancelled, failed, expired, still pending, or no checkout at all. */
  | { kind: 'failed'; message: string; status: string | null; checkoutId: string | null }
  /** A call on the way failed: the payment may still have gone through. */
  | { kind: 'error'; message: string; checkoutId: string | null };

export interface CompletedPayment {
  success?: boolean;
  alreadyExisted?: boolean;
  message?: string;
  order?: { id: string; orderNumber: string; totalAmount: number; currency: string; status: string };
}

/** Spec section 9: at most 3 tries for a fresh sign-in, 1 s after the first failure, 0.5 s after later ones. */
export const SESSION_ATTEMPTS = 3;
export const SESSION_RETRY_DELAYS_MS = [1000, 500] as const;
/**
 * A payment the provider still reports as pending is asked about again this often, this far
 * apart, before the page gives up: the return from the payment page can beat the payment itself.
 */
export const PENDING_RECHECKS = 2;
export const PENDING_RECHECK_DELAY_MS = 2000;

export function isSuccessfulStatus(status: string): boolean {
  return (successfulPaymentStatuses as readonly string[]).includes(status.toLowerCase());
}

export function verifyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return paymentTexts.verifyNotFound;
  if (error instanceof ApiError && error.status === 401) return paymentTexts.verifyAuthentication;
  return paymentTexts.verifyFailed;
}

export function completeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return paymentTexts.completeAuthentication;
    return `Payment completion failed: ${error.status} - ${error.serverMessage ?? error.body}`;
  }
  return `Payment completion failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** An order that an earlier call (the verification, the provider's webhook) already made counts as done. */
export function isAlreadyRecorded(message: string): boolean {
  return message.toLowerCase().includes('already exists');
}

export interface ToastText {
  title: string;
  description: string;
}

/** The destructive toast for a payment page that could not confirm the payment (spec section 8). */
export function paymentErrorToast(message: string, checkoutId: string | null): ToastText {
  const lower = message.toLowerCase();
  if (lower.includes('not found') || lower.includes('expired')) {
    const reference = checkoutId ? ` (${checkoutId})` : '';
    return {
      title: 'Payment Session Expired',
      description: `${message} If you were charged, please contact support with your payment reference${reference}.`,
    };
  }
  if (lower.includes('authentication')) return { title: 'Authentication Error', description: message };
  return { title: 'Payment Verification Failed', description: message };
}

/** The toast a finished payment page shows, or none. */
export function outcomeToast(outcome: PaymentOutcome): (ToastText & { variant: 'default' | 'destructive' }) | null {
  switch (outcome.kind) {
    case 'success':
      return { title: paymentTexts.successTitle, description: paymentTexts.successDetail, variant: 'default' };
    case 'failed':
      return {
        title: paymentTexts.failedTitle,
        description: outcome.status ? `Payment was ${outcome.status}. Please try again.` : outcome.message,
        variant: 'destructive',
      };
    case 'error':
      return { ...paymentErrorToast(outcome.message, outcome.checkoutId), variant: 'destructive' };
  }
}

/** Amount Paid as the spec writes it: 'ZAR 123.45', or 'R123.45' when the currency is unknown. */
export function formatAmountPaid(amountCents: number, currency: string | null | undefined): string {
  const amount = (amountCents / 100).toFixed(2);
  return currency ? `${currency} ${amount}` : `R${amount}`;
}

export interface SettleDeps {
  request?: typeof apiRequest;
  /** Who is signed in now; null (or a failure) when nobody is. */
  getSession: () => Promise<unknown>;
  /** The browser's cart session id, sent with the completion ('default' without one). */
  cartSessionId: string | null;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh sign-in for completing the order: true once the server confirms one, within SESSION_ATTEMPTS tries. */
export async function confirmSignedIn(getSession: () => Promise<unknown>, sleep: (ms: number) => Promise<void> = wait): Promise<boolean> {
  for (let attempt = 0; attempt < SESSION_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(SESSION_RETRY_DELAYS_MS[Math.min(attempt - 1, SESSION_RETRY_DELAYS_MS.length - 1)]!);
    try {
      if (await getSession()) return true;
    } catch {
      // A failed look-up counts as a failed attempt.
    }
  }
  return false;
}

function isVerification(value: unknown): value is PaymentVerification {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'string';
}

/**
 * The payment-success page's work (spec section 4): confirm the payment with the server, then,
 * signed in afresh, record the order. The caller shows the outcome, clears the stored checkout
 * id and refreshes the cart.
 */
export async function settlePayment(checkoutId: string | null, deps: SettleDeps): Promise<PaymentOutcome> {
  const request = deps.request ?? apiRequest;
  const sleep = deps.sleep ?? wait;
  if (!checkoutId) return { kind: 'failed', message: paymentTexts.missingCheckout, status: null, checkoutId: null };

  const path = `/api/payments/yoco/verify/${encodeURIComponent(checkoutId)}`;
  let verification: PaymentVerification;
  try {
    let answer = await request<unknown>('GET', path);
    for (let recheck = 0; recheck < PENDING_RECHECKS && isVerification(answer) && answer.status === 'pending'; recheck += 1) {
      await sleep(PENDING_RECHECK_DELAY_MS);
      answer = await request<unknown>('GET', path);
    }
    if (!isVerification(answer)) return { kind: 'error', message: paymentTexts.verifyFailed, checkoutId };
    verification = answer;
  } catch (error) {
    return { kind: 'error', message: verifyErrorMessage(error), checkoutId };
  }

  if (!isSuccessfulStatus(verification.status)) {
    return { kind: 'failed', message: `Payment ${verification.status}`, status: verification.status, checkoutId };
  }

  if (!(await confirmSignedIn(deps.getSession, sleep))) {
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
