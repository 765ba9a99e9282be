import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sandboxCheckouts, type SandboxRefund } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import { noSettings } from '../provider-registry';
import {
  checkCreateCheckoutInput,
  checkRefundInput,
  PaymentProviderError,
  type CheckoutState,
  type CreatedCheckout,
  type PaymentLogger,
  type WebhookPaymentProvider,
  type PaymentProviderDefinition,
  type RefundResult,
  type WebhookDelivery,
} from './provider';
import { SANDBOX_PAGE_PATH, sandboxPaymentRoutes, type SandboxCheckout, type SandboxPaymentPage } from './sandbox-page';
import { WEBHOOK_PATH } from './webhook-route';
import { CLOSED_MESSAGE } from './payment-page';
import { signWebhook, verifyPaymentWebhook } from './webhooks';

const SANDBOX_CHECKOUT_ID = /^ch_sandbox_[0-9a-f]{24}$/;

export interface SandboxProviderOptions {
  db: Database;
  publicUrl: string;
  /** Signs the sandbox's webhooks; every process of the shop must use the same one. */
  webhookSecret: string;
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
  /** Waits before each delivery attempt of one webhook, the first included; a few, like Yoco's. */
  deliveryDelaysMs?: number[];
}

/** The sandbox is a PaymentProvider plus what its hosted payment page does. */
export interface SandboxProvider extends WebhookPaymentProvider, SandboxPaymentPage {
  readonly name: 'sandbox';
  closeCheckout(checkoutId: string): Promise<'closed' | 'paid'>;
  /** Stops webhook retries still waiting (at shutdown). */
  close(): Promise<void>;
}

/**
 * The sandbox's webhook secret, derived from the session secret: every process of one shop has
 * the same session secret, so a webhook signed by one is verified by any other.
 */
export function sandboxWebhookSecret(sessionSecret: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update('sandbox payment webhooks').digest('base64')}`;
}

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** JSON with sorted keys, so that the same request always has the same fingerprint. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function checkoutNotFound(): PaymentProviderError {
  return new PaymentProviderError('The payment provider refused the request (HTTP 404): Checkout not found', 404, 'Checkout not found');
}

const DEFAULT_DELIVERY_DELAYS_MS = [0, 5_000, 30_000, 5 * 60_000];

/**
 * Sends each webhook in the background until the shop answers 2xx, a few times with growing waits.
 * Retries live in this process only: after a restart the shop's reconciliation, which fetches the
 * checkout, is what notices a payment whose webhook was lost.
 */
function createWebhookSender(options: { secret: string; url: string; deliver: WebhookDelivery; delaysMs: number[]; logger?: PaymentLogger }) {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  function attempt(webhookId: string, body: Buffer, n: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        let outcome: string;
        try {
          const headers = { 'content-type': 'application/json', ...signWebhook(options.secret, webhookId, body) };
          const status = await options.deliver({ url: options.url, headers, body });
          if (status >= 200 && status < 300) return;
          outcome = `HTTP ${status}`;
        } catch (err) {
          outcome = err instanceof Error ? err.message : String(err);
        }
        const last = n + 1 >= options.delaysMs.length;
        options.logger?.warn({ webhookId, attempt: n + 1, outcome, retrying: !last }, 'sandbox webhook not accepted');
        if (!last) attempt(webhookId, body, n + 1);
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }, options.delaysMs[n]);
    timer.unref();
    timers.add(timer);
  }

  return {
    send(envelope: object): void {
      attempt(randomId('msg_sandbox_'), Buffer.from(JSON.stringify(envelope)), 0);
    },
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * Payments without a card or an outside service: a hosted payment page served by the shop itself
 * (/sandbox-pay/:id) that behaves like Yoco's as the shop sees it: the same redirects, the same
 * checkout states, and Standard Webhooks-signed events posted to the shop's webhook path.
 */
export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { db } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const webhooks = createWebhookSender({
    secret: options.webhookSecret,
    url: `${publicUrl}${WEBHOOK_PATH}`,
    deliver: options.deliver,
    delaysMs: options.deliveryDelaysMs ?? DEFAULT_DELIVERY_DELAYS_MS,
    logger: options.logger,
  });

  async function find(checkoutId: string): Promise<SandboxCheckout | undefined> {
    if (!SANDBOX_CHECKOUT_ID.test(checkoutId)) return undefined;
    const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId));
    return row;
  }

  /** Moves a created checkout to `to`; undefined when it was not (or no longer) in 'created'. */
  async function settle(checkoutId: string, to: 'completed' | 'failed' | 'cancelled'): Promise<SandboxCheckout | undefined> {
    if (!SANDBOX_CHECKOUT_ID.test(checkoutId)) return undefined;
    const [row] = await db
      .update(sandboxCheckouts)
      .set({ status: to, paymentId: to === 'completed' ? randomId('p_sandbox_') : null, updatedAt: sql`now()` })
      .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, 'created')))
      .returning();
    return row;
  }

  async function existing(checkoutId: string): Promise<SandboxCheckout> {
    const row = await find(checkoutId);
    if (!row) throw new NotFoundError('Payment not found');
    return row;
  }

  function paymentSucceeded(checkout: SandboxCheckout): object {
    const at = new Date().toISOString();
    return {
      id: randomId('evt_sandbox_'),
      type: 'payment.succeeded',
      createdDate: at,
      payload: {
        id: checkout.paymentId,
        type: 'payment',
        createdDate: at,
        amount: checkout.amountCents,
        currency: checkout.currency,
        status: 'succeeded',
        mode: 'test',
        paymentMethodDetails: {
          type: 'card',
          card: { expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 3, maskedCard: '************1111', scheme: 'visa' },
        },
        metadata: { checkoutId: checkout.id },
      },
    };
  }

  function refundSucceeded(checkout: SandboxCheckout, refund: SandboxRefund, refundableCents: number): object {
    return {
      id: randomId('evt_sandbox_'),
      type: 'refund.succeeded',
      createdDate: refund.createdAt,
      payload: {
        id: refund.id,
        type: 'refund',
        createdDate: refund.createdAt,
        amount: refund.amountCents,
        currency: checkout.currency,
        paymentId: checkout.paymentId,
        status: 'succeeded',
        mode: 'test',
        metadata: { checkoutId: checkout.id },
        refundableAmount: refundableCents,
      },
    };
  }

  const sandbox: SandboxProvider = {
    name: 'sandbox',

    async createCheckout(input): Promise<CreatedCheckout> {
      const i = checkCreateCheckoutInput(input);
      const { idempotencyKey, ...request } = i;
      const requestHash = createHash('sha256').update(stableJson(request)).digest('hex');
      const id = randomId('ch_sandbox_');
      const [created] = await db
        .insert(sandboxCheckouts)
        .values({
          id,
          idempotencyKey,
          requestHash,
          amountCents: i.amountCents,
          currency: i.currency,
          successUrl: i.successUrl,
          cancelUrl: i.cancelUrl,
          failureUrl: i.failureUrl,
          externalId: i.externalId,
          metadata: i.metadata,
          lineItems: [
            ...(i.lineItems ?? []).map(({ displayName, quantity, priceCents }) => ({ displayName, quantity, priceCents })),
            // Yoco shows a checkout's totalDiscount below its lines; the sandbox shows it as a line of its own.
            ...(i.totalDiscountCents ? [{ displayName: 'Discount', quantity: 1, priceCents: -i.totalDiscountCents }] : []),
          ],
        })
        .onConflictDoNothing({ target: sandboxCheckouts.idempotencyKey })
        .returning();
      const checkout =
        created ?? (await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.idempotencyKey, idempotencyKey)))[0];
      if (!checkout) throw new PaymentProviderError('The payment sandbox lost a checkout it had just made', null, 'checkout missing');
      // Yoco's rule for a key used again: the same request answers the first checkout, another is refused.
      if (checkout.requestHash !== requestHash) {
        const said = 'The Idempotency-Key was already used with a different request';
        throw new PaymentProviderError(`The payment provider refused the request (HTTP 422): ${said}`, 422, said);
      }
      return { id: checkout.id, redirectUrl: `${publicUrl}${SANDBOX_PAGE_PATH}/${checkout.id}`, status: checkout.status, replayed: !created };
    },

    async getCheckout(checkoutId): Promise<CheckoutState> {
      const checkout = await find(checkoutId);
      if (!checkout) throw checkoutNotFound();
      return {
        id: checkout.id,
        status: checkout.status,
        paid: checkout.status === 'completed',
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        paymentId: checkout.paymentId,
        metadata: checkout.metadata,
      };
    },

    async refund(checkoutId, input): Promise<RefundResult> {
      checkRefundInput(input);
      // Optimistic: the update applies only if no other refund landed since the read; then read again.
      for (let tries = 0; tries < 5; tries++) {
        const checkout = await find(checkoutId);
        if (!checkout) throw checkoutNotFound();
        const earlier = checkout.refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
        if (earlier && input.amountCents !== undefined && input.amountCents !== earlier.amountCents) {
          const said = 'The Idempotency-Key was already used with a different request';
          throw new PaymentProviderError(`The payment provider refused the request (HTTP 422): ${said}`, 422, said);
        }
        if (earlier) return { refundId: earlier.id, status: 'accepted', providerStatus: 'successful' };
        if (checkout.status !== 'completed') {
          const said = 'The checkout has not been paid';
          throw new PaymentProviderError(`The payment provider refused the request (HTTP 400): ${said}`, 400, said);
        }
        const refundable = checkout.amountCents - checkout.refundedCents;
        if (refundable === 0) return { refundId: null, status: 'already_refunded', providerStatus: 'Payment has already been refunded.' };
        const amountCents = input.amountCents ?? refundable;
        if (amountCents > refundable) {
          const said = `The refund is more than the refundable amount (${refundable} cents)`;
          throw new PaymentProviderError(`The payment provider refused the request (HTTP 400): ${said}`, 400, said);
        }
        const refund: SandboxRefund = {
          id: randomId('rfd_sandbox_'),
          idempotencyKey: input.idempotencyKey,
          amountCents,
          createdAt: new Date().toISOString(),
        };
        const [updated] = await db
          .update(sandboxCheckouts)
          .set({
            refundedCents: sql`${sandboxCheckouts.refundedCents} + ${amountCents}`,
            refunds: sql`${sandboxCheckouts.refunds} || ${JSON.stringify([refund])}::jsonb`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.refundedCents, checkout.refundedCents)))
          .returning();
        if (!updated) continue;
        webhooks.send(refundSucceeded(updated, refund, refundable - amountCents));
        return { refundId: refund.id, status: 'accepted', providerStatus: 'successful' };
      }
      throw new PaymentProviderError('The payment sandbox is busy with other refunds of this checkout', 409, 'busy');
    },

    verifyWebhook(rawBody, headers) {
      return verifyPaymentWebhook(options.webhookSecret, rawBody, headers);
    },

    find,

    async pay(checkoutId) {
      const paid = await settle(checkoutId, 'completed');
      if (paid) {
        options.logger?.info({ checkoutId, paymentId: paid.paymentId }, 'sandbox payment completed');
        webhooks.send(paymentSucceeded(paid));
        return { redirectUrl: paid.successUrl };
      }
      const checkout = await existing(checkoutId);
      // A second press of Pay (or a reload) lands where the first one did, without paying twice.
      if (checkout.status === 'completed') return { redirectUrl: checkout.successUrl };
      if (checkout.status === 'cancelled') throw new ConflictError(CLOSED_MESSAGE);
      throw new ConflictError('This payment was declined. Go back to the shop to try again.');
    },

    async cancel(checkoutId) {
      const checkout = await existing(checkoutId);
      if (checkout.status === 'completed') throw new ConflictError('This checkout is already paid.');
      return { redirectUrl: checkout.cancelUrl };
    },

    async decline(checkoutId) {
      const declined = await settle(checkoutId, 'failed');
      if (declined) return { redirectUrl: declined.failureUrl };
      const checkout = await existing(checkoutId);
      if (checkout.status === 'failed') return { redirectUrl: checkout.failureUrl };
      if (checkout.status === 'cancelled') throw new ConflictError(CLOSED_MESSAGE);
      throw new ConflictError('This checkout is already paid.');
    },

    async closeCheckout(checkoutId) {
      if (await settle(checkoutId, 'cancelled')) return 'closed';
      return (await find(checkoutId))?.status === 'completed' ? 'paid' : 'closed';
    },

    registerRoutes(app, shopName) {
      sandboxPaymentRoutes(app, sandbox, shopName);
      app.log.child({ component: 'payments' }).info(`payments: sandbox (no real money moves), payment pages at ${publicUrl}${SANDBOX_PAGE_PATH}/…`);
    },

    close: () => webhooks.close(),
  };
  return sandbox;
}

/** The default: no settings, no outside service, and no real money. */
export const sandboxPayments: PaymentProviderDefinition<Record<never, never>, SandboxProvider> = {
  settings: noSettings,
  create: (_settings, { db, publicUrl, sessionSecret, deliver, logger }) =>
    createSandboxProvider({ db, publicUrl, webhookSecret: sandboxWebhookSecret(sessionSecret), deliver, logger }),
  goingLiveProblem: () =>
    'PAYMENT_PROVIDER is sandbox, so no real payment would be taken. Set PAYMENT_PROVIDER=yoco with YOCO_SECRET_KEY and YOCO_WEBHOOK_SECRET.',
};
