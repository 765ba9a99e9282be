import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { InvalidInputError } from '../errors';
import { registerErrorHandling } from '../http/errors';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, TEST_SESSION_SECRET, type TestApp } from '../testing/test-support';
import {
  BELOW_MINIMUM_MESSAGE,
  PaymentProviderError,
  WebhookVerificationError,
  type CreateCheckoutInput,
  type PaymentWebhookEvent,
  type WebhookDelivery,
} from './provider';
import { registerPayments } from './routes';
import { rawBodyScope } from '../http/raw-body';
import { createSandboxProvider, sandboxWebhookSecret, type SandboxProvider } from './sandbox';
import { SANDBOX_LABEL } from './sandbox-page';
import { WEBHOOK_PATH } from './webhook-route';

const SHOP = 'https://flags.example.co.za';

const checkoutInput = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => {
  const ref = randomBytes(4).toString('hex');
  return {
    amountCents: 123_450,
    currency: 'ZAR',
    successUrl: `${SHOP}/payment/success?checkoutId=${ref}`,
    cancelUrl: `${SHOP}/payment/cancel?checkoutId=${ref}`,
    failureUrl: `${SHOP}/payment/success?checkoutId=${ref}&failed=1`,
    metadata: { shopCheckoutId: ref },
    externalId: `CF-${ref}`,
    idempotencyKey: `checkout-${ref}`,
    lineItems: [
      { displayName: 'SOUTH AFRICA <flag>', quantity: 2, priceCents: 13_000 },
      { displayName: 'KENYA flag', quantity: 1, priceCents: 97_450 },
    ],
    ...overrides,
  };
};

describe.each(testDatabases())('payment sandbox on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  /** What the shop's webhook route received and verified. */
  const received: PaymentWebhookEvent[] = [];
  const refusedWebhooks: unknown[] = [];

  beforeAll(async () => {
    database = await target.open();
    app = Fastify();
    registerErrorHandling(app);
    const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SESSION_SECRET });
    const shop: { payments?: SandboxProvider } = {};
    // Stands for the checkout's webhook route: raw body, verified by the same provider.
    await rawBodyScope(app, (scope) => {
      scope.post(WEBHOOK_PATH, async (request) => {
        try {
          received.push(shop.payments!.verifyWebhook(request.body as Buffer, request.headers));
        } catch (err) {
          refusedWebhooks.push(err);
          throw err;
        }
        return { received: true };
      });
    });
    const { first: provider } = await registerPayments(app, { config, db: database.db, sessionSecret: TEST_SESSION_SECRET });
    if (provider.name !== 'sandbox') throw new Error('expected the sandbox');
    shop.payments = provider;
    sandbox = provider;
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(() => {
    received.length = 0;
    refusedWebhooks.length = 0;
  });

  const page = (id: string) => app.inject({ url: `/sandbox-pay/${id}` });
  const press = (id: string, button: 'pay' | 'cancel' | 'decline') =>
    app.inject({
      method: 'POST',
      url: `/sandbox-pay/${id}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('creates a checkout whose redirect is its payment page, and replays a repeated request', async () => {
    const input = checkoutInput();
    const created = await sandbox.createCheckout(input);
    expect(created).toEqual({
      id: expect.stringMatching(/^ch_sandbox_[0-9a-f]{24}$/),
      redirectUrl: `${TEST_PUBLIC_URL}/sandbox-pay/${created.id}`,
      status: 'created',
      replayed: false,
    });
    expect(await sandbox.createCheckout({ ...input, metadata: { ...input.metadata } })).toEqual({ ...created, replayed: true });

    const err = await sandbox.createCheckout({ ...input, amountCents: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ providerStatus: 422 });

    expect(await sandbox.getCheckout(created.id)).toEqual({
      id: created.id,
      status: 'created',
      paid: false,
      amountCents: 123_450,
      currency: 'ZAR',
      paymentId: null,
      metadata: input.metadata,
    });
  });

  it('refuses less than R2.00', async () => {
    const err = await sandbox.createCheckout(checkoutInput({ amountCents: 150 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as Error).message).toBe(BELOW_MINIMUM_MESSAGE);
  });

  it('shows the amount, the shop, the sandbox label and the three buttons', async () => {
    const { id } = await sandbox.createCheckout(checkoutInput());
    const res = await page(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(SANDBOX_LABEL);
    expect(res.body).toContain('R1 234.50');
    expect(res.body).toContain('Cape Flag Co.');
    for (const button of ['pay', 'decline', 'cancel']) {
      expect(res.body).toContain(`<form method="post" action="/sandbox-pay/${id}/${button}">`);
    }
    expect(res.body).toContain('>Pay R1 234.50</button>');
    expect(res.body).toContain('SOUTH AFRICA &#60;flag&#62; × 2');
    expect(res.body).toContain('R260.00');
    expect(res.body).not.toContain('<flag>');
    expect(res.body).not.toContain('<script');
  });

  it("gives the shop's checkout as the payment reference the shop's own pages quote", async () => {
    const shopCheckoutId = '3f2a9c1e-7b4d-4e2a-9f00-1c2d3e4f5a6b';
    const { id } = await sandbox.createCheckout(checkoutInput({ externalId: shopCheckoutId }));
    const open = await page(id);
    expect(open.body).toContain('Payment reference: 3F2A9C1E');
    expect(open.body).not.toContain(shopCheckoutId);
    await press(id, 'decline');
    expect((await page(id)).body).toContain('Payment reference: 3F2A9C1E');
  });

  it('Pay: completes the checkout, redirects to the success URL and sends a signed payment.succeeded', async () => {
    const input = checkoutInput();
    const { id } = await sandbox.createCheckout(input);
    const res = await press(id, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(input.successUrl);

    const state = await sandbox.getCheckout(id);
    expect(state).toMatchObject({ status: 'completed', paid: true, paymentId: expect.stringMatching(/^p_sandbox_[0-9a-f]{24}$/) });

    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(refusedWebhooks).toEqual([]);
    const event = received[0]!;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^msg_sandbox_/),
      eventId: expect.stringMatching(/^evt_sandbox_/),
      type: 'payment.succeeded',
      checkoutId: id,
      paymentId: state.paymentId,
      amountCents: 123_450,
      currency: 'ZAR',
      status: 'succeeded',
    });
    expect(event.raw).toMatchObject({ payload: { type: 'payment', mode: 'test', metadata: { checkoutId: id }, paymentMethodDetails: { type: 'card' } } });

    // The page now says it is paid; a second press lands on the success URL without paying again.
    expect((await page(id)).body).toContain('Payment complete');
    const again = await press(id, 'pay');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(input.successUrl);
    expect((await sandbox.getCheckout(id)).paymentId).toBe(state.paymentId);
    expect((await press(id, 'decline')).statusCode).toBe(409);
    expect((await press(id, 'cancel')).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
  });

  it('pays once when Pay is pressed many times at once', async () => {
    const input = checkoutInput();
    const { id } = await sandbox.createCheckout(input);
    const presses = await Promise.all(Array.from({ length: 6 }, () => press(id, 'pay')));
    expect(presses.map((r) => [r.statusCode, r.headers.location])).toEqual(Array.from({ length: 6 }, () => [303, input.successUrl]));
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(received[0]!.paymentId).toBe((await sandbox.getCheckout(id)).paymentId);
  });

  it('Cancel: back to the cancel URL, still unpaid and payable', async () => {
    const input = checkoutInput();
    const { id } = await sandbox.createCheckout(input);
    const res = await press(id, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(input.cancelUrl);
    expect(await sandbox.getCheckout(id)).toMatchObject({ status: 'created', paid: false, paymentId: null });
    expect((await page(id)).body).toContain('>Pay R1 234.50</button>');
    expect(received).toEqual([]);
  });

  it('Decline: marks it failed and redirects to the failure URL; it cannot be paid after', async () => {
    const input = checkoutInput();
    const { id } = await sandbox.createCheckout(input);
    const res = await press(id, 'decline');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(input.failureUrl);
    expect(await sandbox.getCheckout(id)).toMatchObject({ status: 'failed', paid: false, paymentId: null });
    expect((await page(id)).body).toContain('Payment declined');

    const pay = await press(id, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.body).toContain('This payment was declined');
    expect((await press(id, 'decline')).headers.location).toBe(input.failureUrl);
    expect(received).toEqual([]);
  });

  it.each(['ch_sandbox_000000000000000000000000', 'ch_somebody_else', '..%2F..%2Fetc'])('answers 404 pages for %s', async (id) => {
    const res = await page(id);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Payment not found');
    expect(res.body).toContain(SANDBOX_LABEL);
    expect((await press(id, 'pay')).statusCode).toBe(404);
    const err = await sandbox.getCheckout(id).catch((e: unknown) => e);
    expect(err).toMatchObject({ providerStatus: 404, status: 404 });
  });

  it('refunds part, then the rest, then says it is refunded, each with a refund webhook', async () => {
    const { id } = await sandbox.createCheckout(checkoutInput());
    const early = await sandbox.refund(id, { idempotencyKey: `r-${id}-0` }).catch((e: unknown) => e);
    expect(early).toMatchObject({ providerStatus: 400, providerMessage: 'The checkout has not been paid' });

    await press(id, 'pay');
    await vi.waitFor(() => expect(received).toHaveLength(1));
    const { paymentId } = await sandbox.getCheckout(id);

    const part = await sandbox.refund(id, { amountCents: 23_450, idempotencyKey: `r-${id}-1` });
    expect(part).toEqual({ refundId: expect.stringMatching(/^rfd_sandbox_/), status: 'accepted', providerStatus: 'successful' });
    expect(await sandbox.refund(id, { amountCents: 23_450, idempotencyKey: `r-${id}-1` })).toEqual(part);
    const tooMuch = await sandbox.refund(id, { amountCents: 100_001, idempotencyKey: `r-${id}-2` }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ providerStatus: 400 });

    const rest = await sandbox.refund(id, { idempotencyKey: `r-${id}-3` });
    expect(rest.status).toBe('accepted');
    expect(await sandbox.refund(id, { idempotencyKey: `r-${id}-4` })).toEqual({
      refundId: null,
      status: 'already_refunded',
      providerStatus: 'Payment has already been refunded.',
    });

    await vi.waitFor(() => expect(received).toHaveLength(3));
    const refunds = received.filter((e) => e.type === 'refund.succeeded');
    expect(refunds.map((e) => [e.refundId, e.amountCents]).sort()).toEqual(
      [
        [part.refundId, 23_450],
        [rest.refundId, 100_000],
      ].sort(),
    );
    expect(refunds.every((e) => e.checkoutId === id && e.paymentId === paymentId)).toBe(true);
    // Still paid: a refund is its own event, the checkout stays completed.
    expect((await sandbox.getCheckout(id)).paid).toBe(true);
  });

  it('keeps its checkouts in the database: another process (or a restart) sees the same state and trusts its webhooks', async () => {
    const { id } = await sandbox.createCheckout(checkoutInput());
    await press(id, 'pay');
    await vi.waitFor(() => expect(received).toHaveLength(1));

    const deliveries: Parameters<WebhookDelivery>[0][] = [];
    const otherProcess = createSandboxProvider({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      webhookSecret: sandboxWebhookSecret(TEST_SESSION_SECRET),
      deliver: async (delivery) => {
        deliveries.push(delivery);
        return 200;
      },
    });
    expect(await otherProcess.getCheckout(id)).toMatchObject({ paid: true, paymentId: received[0]!.paymentId });
    const refund = await otherProcess.refund(id, { amountCents: 1_000, idempotencyKey: `other-${id}` });
    await vi.waitFor(() => expect(deliveries).toHaveLength(1));
    const delivery = deliveries[0]!;
    expect(delivery.url).toBe(`${TEST_PUBLIC_URL}${WEBHOOK_PATH}`);
    expect(sandbox.verifyWebhook(delivery.body, delivery.headers)).toMatchObject({ type: 'refund.succeeded', refundId: refund.refundId });

    const otherShop = createSandboxProvider({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      webhookSecret: sandboxWebhookSecret('another shop secret'),
      deliver: async () => 200,
    });
    const err = (() => {
      try {
        otherShop.verifyWebhook(delivery.body, delivery.headers);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(WebhookVerificationError);
    await otherProcess.close();
    await otherShop.close();
  });

  it('tries a refused webhook again, with the same webhook-id and a fresh signature', async () => {
    const answers = [500, 503, 200];
    const deliveries: Parameters<WebhookDelivery>[0][] = [];
    const retrying = createSandboxProvider({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      webhookSecret: sandboxWebhookSecret(TEST_SESSION_SECRET),
      deliveryDelaysMs: [0, 10, 10, 10],
      deliver: async (delivery) => {
        deliveries.push(delivery);
        const status = answers.shift() ?? 200;
        if (status === 503) throw new Error('connection reset');
        return status;
      },
    });
    const input = checkoutInput();
    const { id } = await retrying.createCheckout(input);
    expect(await retrying.pay(id)).toEqual({ redirectUrl: input.successUrl });
    await vi.waitFor(() => expect(deliveries).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deliveries).toHaveLength(3);
    expect(new Set(deliveries.map((d) => d.headers['webhook-id'])).size).toBe(1);
    for (const d of deliveries) expect(retrying.verifyWebhook(d.body, d.headers).checkoutId).toBe(id);
    await retrying.close();
  });

  it('stops retrying at close', async () => {
    const deliveries: unknown[] = [];
    const closing = createSandboxProvider({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      webhookSecret: sandboxWebhookSecret(TEST_SESSION_SECRET),
      deliveryDelaysMs: [0, 60_000],
      deliver: async (delivery) => {
        deliveries.push(delivery);
        return 500;
      },
    });
    const { id } = await closing.createCheckout(checkoutInput());
    await closing.pay(id);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1));
    await closing.close();
    expect(deliveries).toHaveLength(1);
  });
});

describe.each<{ provider: 'sandbox' | 'yoco'; env: Record<string, string> }>([
  { provider: 'sandbox', env: {} },
  {
    provider: 'yoco',
    env: { PAYMENT_PROVIDER: 'yoco', YOCO_SECRET_KEY: 'sk_test_abc', YOCO_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}` },
  },
])('payment pages in the whole shop with $provider', ({ provider, env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0]!, { env });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(provider === 'sandbox' ? 'serves the sandbox pages' : 'has no sandbox pages', async () => {
    const res = await t.app.inject({ url: '/sandbox-pay/ch_sandbox_000000000000000000000000' });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/sandbox-pay/ch_sandbox_000000000000000000000000/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
    if (provider === 'sandbox') {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(SANDBOX_LABEL);
      expect(pay.body).toContain(SANDBOX_LABEL);
    } else {
      expect(res.body).not.toContain(SANDBOX_LABEL);
      expect(pay.body).not.toContain(SANDBOX_LABEL);
    }
  });
});
