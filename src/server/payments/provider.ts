import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { DomainError, InvalidInputError } from '../errors';
import type { ProviderDefinition } from '../provider-registry';
import { MINIMUM_CARD_PAYMENT_CENTS } from '../../shared/shop-facts';

export const BELOW_MINIMUM_MESSAGE = 'The total must be at least R2.00 to pay by card';

/** A line shown on the payment page; display only, the amount charged is `amountCents`. */
interface CheckoutLineItem {
  displayName: string;
  quantity: number;
  /** Unit price in cents, VAT included. */
  priceCents: number;
  /** VAT inside the unit price, in cents. */
  taxAmountCents?: number;
}

export interface CreateCheckoutInput {
  /** The final total in cents, VAT and delivery included. */
  amountCents: number;
  currency: 'ZAR';
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
  /** Comes back on the checkout; the payment webhook carries the checkout id in its own metadata. */
  metadata: Record<string, string>;
  /** The shop's own reference for this attempt to pay (its checkout id). */
  externalId: string;
  /** The same key for a retry of the same request: the provider answers the first checkout again. */
  idempotencyKey: string;
  lineItems?: CheckoutLineItem[];
  /** Who pays, for a provider whose page asks (PayFast's name_first, email_address, cell_number). */
  buyer?: { firstName: string; lastName: string; email: string; phone: string };
  subtotalCents?: number;
  /** What a discount code took off the lines, shown below them. */
  totalDiscountCents?: number;
  totalTaxAmountCents?: number;
}

export interface CreatedCheckout {
  /** The provider's checkout id (ch_…). */
  id: string;
  /** Where to send the shopper to pay. */
  redirectUrl: string;
  status: string;
  /** True when the provider answered an earlier request with the same idempotency key. */
  replayed: boolean;
}

export interface CheckoutState {
  id: string;
  /** The provider's own word: created, started, processing, completed, … */
  status: string;
  /** Only 'completed' means paid; any other or unknown status is not. */
  paid: boolean;
  amountCents: number;
  currency: string;
  /** p_…, set once paid. */
  paymentId: string | null;
  metadata: Record<string, string>;
}

export interface RefundInput {
  /** Omitted: the whole remaining balance. */
  amountCents?: number;
  idempotencyKey: string;
}

export interface RefundResult {
  /** rfd_…; null when the payment had already been refunded in full before this request. */
  refundId: string | null;
  /**
   * 'accepted': the provider took the refund (Yoco's 'successful'/'succeeded'); its final outcome
   * arrives as a refund.succeeded or refund.failed webhook. 'already_refunded': nothing was left to
   * refund, which counts as done.
   */
  status: 'accepted' | 'already_refunded';
  /** The provider's status text as it answered it. */
  providerStatus: string;
}

/** payment.failed: the provider says the payment did not go through (PayFast's CANCELLED, Ozow's Cancelled or Error). */
type PaymentWebhookType = 'payment.succeeded' | 'payment.failed' | 'refund.succeeded' | 'refund.failed';

/** A verified webhook. Treat it as a hint: fetch the checkout before acting on a payment. */
export interface PaymentWebhookEvent {
  /** The webhook-id header: the same for every delivery of one event, so it de-duplicates. */
  id: string;
  /** The envelope's evt_… id. */
  eventId: string | undefined;
  type: PaymentWebhookType | (string & {});
  /** payload.metadata.checkoutId: the provider's checkout id (ch_…) that this event belongs to. */
  checkoutId: string | undefined;
  /** The payment (p_…): payload.id of a payment event, payload.paymentId of a refund event. */
  paymentId: string | undefined;
  /** rfd_… on refund events. */
  refundId: string | undefined;
  amountCents: number | undefined;
  currency: string | undefined;
  /** payload.status, e.g. 'succeeded'. */
  status: string | undefined;
  /** refund.failed: why. */
  failureReason: string | undefined;
  /** The parsed envelope as the provider sent it: {id, type, createdDate, payload}. */
  raw: unknown;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** Who delivered a notification: the address it came from, behind the shop's trusted proxies. */
export interface WebhookSender {
  ip: string;
}

/** The shop's way to take card payments; `yoco` in production, `sandbox` by default. */
export interface PaymentProvider {
  /** The provider's name in the registry (payments/providers.ts), kept on checkouts and webhooks. */
  readonly name: string;
  /** Throws InvalidInputError below R2.00 (before any call out) and PaymentProviderError when the provider refuses. */
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  /** Throws PaymentProviderError; an unknown checkout has providerStatus 404 (and answers 404). */
  getCheckout(checkoutId: string): Promise<CheckoutState>;
  /**
   * Closes a checkout's payment page so that it can no longer be paid: 'closed' (also when it was
   * closed, declined or unknown already), or 'paid' when it was paid first. Absent when the
   * provider offers no such call (Yoco): its pages stay payable until they expire.
   */
  closeCheckout?(checkoutId: string): Promise<'closed' | 'paid'>;
  /**
   * Asks the provider to refund part of a payment. Absent when its refunds are made by hand
   * (`refundsByHand`): the shop has no call that moves the money back.
   */
  refund?(checkoutId: string, input: RefundInput): Promise<RefundResult>;
  /**
   * Where the owner makes a refund of a payment taken this way, as the order desk says it: "on
   * PayFast's dashboard (Transactions → Refund)". Set exactly when `refund` is absent: the desk then
   * records a refund made there, with its reference, instead of asking for one.
   */
  readonly refundsByHand?: string;
  /**
   * Absent for a way to pay that sends none (a bank transfer).
   * Checks a notification over its raw body bytes (Yoco's Standard Webhooks signature; PayFast's
   * and Ozow's own checks, which may ask the provider back) and reads it into the shop's event.
   * Throws WebhookVerificationError (400) when it is not to be trusted; the route stores what it
   * answers and handles it after.
   */
  verifyWebhook?(rawBody: Buffer, headers: WebhookHeaders, sender: WebhookSender): PaymentWebhookEvent | Promise<PaymentWebhookEvent>;
  /** Where its webhooks arrive; WEBHOOK_PATH (Yoco's, and the sandbox's that stands in for it) unless it says. */
  readonly webhookPath?: string;
  /** Pages of the provider's own that the shop serves (the sandbox's hosted payment page). */
  registerRoutes?(app: FastifyInstance, shopName: string): void;
  /** Stops work still waiting, at shutdown. */
  close?(): Promise<void>;
}

/** A provider that tells the shop of payments by signed webhooks and refunds through its API (Yoco, and the sandbox in its place). */
export interface WebhookPaymentProvider extends PaymentProvider {
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): PaymentWebhookEvent;
  refund(checkoutId: string, input: RefundInput): Promise<RefundResult>;
}

/** One delivery of a webhook to the shop; answers the HTTP status the shop replied with. */
export type WebhookDelivery = (request: { url: string; headers: Record<string, string>; body: Buffer }) => Promise<number>;

export interface PaymentLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What the shop hands every payment provider it makes; each takes what it needs. */
export interface PaymentProviderContext {
  db: Database;
  publicUrl: string;
  /** The shop's session secret; the sandbox derives its webhook secret from it. */
  sessionSecret: string;
  /** How the sandbox hands its webhooks to the shop. */
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
  /** Replaces the global fetch for calls out (tests). */
  fetch?: typeof fetch;
}

/** A payment provider's file exports one of these; payments/providers.ts lists them. */
export type PaymentProviderDefinition<Settings extends object, Provider extends PaymentProvider> = ProviderDefinition<
  Settings,
  Provider,
  PaymentProviderContext
>;

/**
 * The payment provider refused a request or could not be reached. `providerStatus` is its HTTP
 * status (null when it did not answer). Answers 404 when the provider did not know the checkout,
 * otherwise 502: the fault is not the shopper's.
 */
export class PaymentProviderError extends DomainError {
  constructor(
    message: string,
    readonly providerStatus: number | null,
    readonly providerMessage: string,
    readonly details: { errorCode?: string; errorType?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message, providerStatus === 404 ? 404 : 502, providerStatus === 404 ? 'not_found' : 'payment_provider_failed');
  }
}

export type WebhookProblem = 'missing_headers' | 'bad_signature' | 'stale_timestamp' | 'bad_payload' | 'unknown_sender' | 'not_confirmed';

export class WebhookVerificationError extends DomainError {
  constructor(
    message: string,
    readonly problem: WebhookProblem,
  ) {
    super(message, 400, 'webhook_refused');
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });

const createCheckoutSchema = z.object({
  amountCents: z.number().int('amountCents must be whole cents'),
  currency: z.literal('ZAR', 'Only ZAR is accepted'),
  successUrl: httpUrl,
  cancelUrl: httpUrl,
  failureUrl: httpUrl,
  metadata: z.record(z.string(), z.string()),
  externalId: z.string().min(1),
  idempotencyKey: z.string().min(1).max(255),
  lineItems: z
    .array(
      z.object({
        displayName: z.string().min(1),
        quantity: z.number().int().positive(),
        priceCents: z.number().int().nonnegative(),
        taxAmountCents: z.number().int().nonnegative().optional(),
      }),
    )
    .optional(),
  buyer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }).optional(),
  subtotalCents: z.number().int().nonnegative().optional(),
  totalDiscountCents: z.number().int().nonnegative().optional(),
  totalTaxAmountCents: z.number().int().nonnegative().optional(),
});

/** The checks both providers make before a checkout exists: the minimum first, in the shop's words. */
export function checkCreateCheckoutInput(input: CreateCheckoutInput): CreateCheckoutInput {
  if (Number.isFinite(input.amountCents) && input.amountCents < MINIMUM_CARD_PAYMENT_CENTS) {
    throw new InvalidInputError(BELOW_MINIMUM_MESSAGE);
  }
  const parsed = createCheckoutSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidInputError(`Invalid payment request: ${issue.path.join('.')} ${issue.message}`.trim());
  }
  return parsed.data;
}

export function checkRefundInput(input: RefundInput): void {
  if (input.amountCents !== undefined && (!Number.isInteger(input.amountCents) || input.amountCents <= 0)) {
    throw new InvalidInputError('A refund amount must be a positive number of cents');
  }
  if (!input.idempotencyKey) throw new InvalidInputError('A refund needs an idempotency key');
}

/** True for Yoco's refund statuses that mean the refund was taken. */
export function refundAccepted(status: string): boolean {
  return status === 'successful' || status === 'succeeded';
}

/** The text Yoco answers when nothing is left to refund; it means the refund is done. */
export function saysAlreadyRefunded(message: string): boolean {
  return /already been refunded/i.test(message);
}
