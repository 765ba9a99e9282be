import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { InvalidInputError } from '../errors';
import { BELOW_MINIMUM_MESSAGE, PaymentProviderError, WebhookVerificationError, type CreateCheckoutInput } from './provider';
import { createPaymentMethods } from './providers';
import { signWebhook, verifyWebhookSignature } from './webhooks';
import { createYocoProvider, MAX_TRIES, type YocoProvider } from './yoco';
import { retryAfterMs } from '../lib/http-retry';
import { startYocoFake, type YocoFake } from '../testing/yoco-fake';
import { rejectionOf } from '../testing/rejections';

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

const checkoutInput = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  amountCents: 25_000,
  currency: 'ZAR',
  successUrl: 'https://flags.example.co.za/payment/success?checkoutId=c1',
  cancelUrl: 'https://flags.example.co.za/payment/cancel?checkoutId=c1',
  failureUrl: 'https://flags.example.co.za/payment/success?checkoutId=c1&failed=1',
  metadata: { shopCheckoutId: 'c1', orderReference: 'CF-100001' },
  externalId: 'c1',
  idempotencyKey: `checkout-${randomBytes(6).toString('hex')}`,
  ...overrides,
});

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

function webhookRefusal(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return err as WebhookVerificationError;
  }
  throw new Error('the webhook was accepted');
}

describe('Yoco provider against the fake', () => {
  let fake: YocoFake;
  let yoco: YocoProvider;
  const waits: number[] = [];

  beforeAll(async () => {
    fake = await startYocoFake();
    yoco = createYocoProvider({
      apiUrl: fake.apiUrl,
      secretKey: fake.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      sleep: async (ms) => void waits.push(ms),
    });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    waits.length = 0;
  });

  describe('createCheckout', () => {
    it('sends the amount, currency, addresses and metadata with Bearer auth and an Idempotency-Key', async () => {
      const input = checkoutInput({
        lineItems: [{ displayName: 'SOUTH AFRICA flag', quantity: 2, priceCents: 9_500, taxAmountCents: 1_239 }],
        subtotalCents: 19_000,
        totalTaxAmountCents: 3_261,
      });
      const created = await yoco.createCheckout(input);
      expect(created).toMatchObject({ id: expect.stringMatching(/^ch_/), status: 'created', replayed: false });
      expect(created.redirectUrl).toBe(`https://c.yoco.com/checkout/${created.id}`);

      expect(fake.requests).toHaveLength(1);
      const sent = fake.requests[0]!;
      expect(sent.method).toBe('POST');
      expect(sent.path).toBe('/api/checkouts');
      expect(sent.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
      expect(sent.headers['idempotency-key']).toBe(input.idempotencyKey);
      expect(sent.headers['content-type']).toBe('application/json');
      expect(sent.body).toEqual({
        amount: 25_000,
        currency: 'ZAR',
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        failureUrl: input.failureUrl,
        metadata: { shopCheckoutId: 'c1', orderReference: 'CF-100001' },
        externalId: 'c1',
        subtotalAmount: 19_000,
        totalTaxAmount: 3_261,
        lineItems: [{ displayName: 'SOUTH AFRICA flag', quantity: 2, pricingDetails: { price: 9_500, taxAmount: 1_239 } }],
      });
    });

    it('gets the first checkout back for a repeated request, and a 422 for the same key with another body', async () => {
      const input = checkoutInput();
      const first = await yoco.createCheckout(input);
      const again = await yoco.createCheckout(input);
      expect(again).toEqual({ ...first, replayed: true });
      expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([input.idempotencyKey, input.idempotencyKey]);
      expect(fake.checkouts.has(first.id)).toBe(true);

      const err = await refusal(yoco.createCheckout({ ...input, amountCents: 30_000 }));
      expect(err.providerStatus).toBe(422);
      expect(err.providerMessage).toBe('Idempotency key was used with a different request.');
    });

    it('refuses less than R2.00 before calling Yoco', async () => {
      const err = await yoco.createCheckout(checkoutInput({ amountCents: 199 })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as Error).message).toBe(BELOW_MINIMUM_MESSAGE);
      expect(fake.requests).toHaveLength(0);
      await expect(yoco.createCheckout(checkoutInput({ amountCents: 200 }))).resolves.toMatchObject({ status: 'created' });
    });

    it('refuses a currency other than rand and addresses that are not web addresses', async () => {
      await expect(yoco.createCheckout({ ...checkoutInput(), currency: 'USD' as 'ZAR' })).rejects.toBeInstanceOf(InvalidInputError);
      await expect(yoco.createCheckout(checkoutInput({ successUrl: 'javascript:alert(1)' }))).rejects.toBeInstanceOf(InvalidInputError);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('getCheckout', () => {
    it('is paid only once the status is completed, with the payment id', async () => {
      const { id } = await yoco.createCheckout(checkoutInput());
      expect(await yoco.getCheckout(id)).toEqual({
        id,
        status: 'created',
        paid: false,
        amountCents: 25_000,
        currency: 'ZAR',
        paymentId: null,
        metadata: { shopCheckoutId: 'c1', orderReference: 'CF-100001' },
      });
      for (const status of ['started', 'processing', 'something-new']) {
        fake.setStatus(id, status);
        expect(await yoco.getCheckout(id)).toMatchObject({ status, paid: false });
      }
      const { paymentId } = fake.markPaid(id);
      expect(await yoco.getCheckout(id)).toMatchObject({ status: 'completed', paid: true, paymentId });
      const get = fake.requests.at(-1)!;
      expect(get).toMatchObject({ method: 'GET', path: `/api/checkouts/${id}` });
      expect(get.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    });

    it('answers an unknown checkout with a 404 provider error', async () => {
      const err = await refusal(yoco.getCheckout('ch_unknown'));
      expect(err).toMatchObject({ providerStatus: 404, status: 404, providerMessage: 'Checkout not found.' });
    });

    it('treats a malformed answer as a provider error', async () => {
      fake.respondNext({ status: 200, body: { hello: 'world' } });
      const err = await refusal(yoco.getCheckout('ch_x'));
      expect(err.status).toBe(502);
      expect(err.message).toMatch(/unexpected checkout/);
    });
  });

  describe('refund', () => {
    it('refunds part, then the rest, then counts a refunded payment as done', async () => {
      const { id } = await yoco.createCheckout(checkoutInput());
      fake.markPaid(id);

      const part = await yoco.refund(id, { amountCents: 5_000, idempotencyKey: 'refund-1' });
      expect(part).toEqual({ refundId: expect.stringMatching(/^rfd_/), status: 'accepted', providerStatus: 'successful' });
      const sent = fake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: `/api/checkouts/${id}/refund`, body: { amount: 5_000 } });
      expect(sent.headers['idempotency-key']).toBe('refund-1');
      expect(sent.headers.authorization).toBe(`Bearer ${fake.secretKey}`);

      // The same request again is the same refund, not a second one.
      expect(await yoco.refund(id, { amountCents: 5_000, idempotencyKey: 'refund-1' })).toEqual(part);
      expect(fake.checkouts.get(id)!.refundedCents).toBe(5_000);

      const rest = await yoco.refund(id, { idempotencyKey: 'refund-2' });
      expect(rest.status).toBe('accepted');
      expect(fake.requests.at(-1)!.body).toEqual({});
      expect(fake.checkouts.get(id)!.refundedCents).toBe(25_000);

      expect(await yoco.refund(id, { idempotencyKey: 'refund-3' })).toEqual({
        refundId: null,
        status: 'already_refunded',
        providerStatus: 'Payment has already been refunded.',
      });
    });

    it("accepts 'succeeded' and an 'already refunded' answer, and refuses other statuses", async () => {
      fake.respondNext({ status: 202, body: { id: 'ch_1', refundId: 'rfd_1', message: 'ok', status: 'succeeded' } });
      expect(await yoco.refund('ch_1', { idempotencyKey: 'k1' })).toEqual({ refundId: 'rfd_1', status: 'accepted', providerStatus: 'succeeded' });

      fake.respondNext({ status: 202, body: { id: 'ch_1', message: 'Payment has already been refunded.', status: 'failed' } });
      expect((await yoco.refund('ch_1', { idempotencyKey: 'k2' })).status).toBe('already_refunded');

      fake.respondNext({ status: 202, body: { id: 'ch_1', message: 'Card network unavailable', status: 'failed' } });
      const err = await refusal(yoco.refund('ch_1', { idempotencyKey: 'k3' }));
      expect(err.providerMessage).toBe('Card network unavailable');
    });

    it('refuses a refund of an unpaid checkout with the provider message', async () => {
      const { id } = await yoco.createCheckout(checkoutInput());
      const err = await refusal(yoco.refund(id, { idempotencyKey: 'unpaid' }));
      expect(err).toMatchObject({ providerStatus: 400, providerMessage: 'The checkout has not been paid.', details: { errorCode: 'not_paid' } });
    });
  });

  describe('errors', () => {
    it.each([
      [{ errorType: 'invalid_request_error', errorCode: 'bad_url', description: 'successUrl is invalid' }, 'successUrl is invalid', 'bad_url'],
      [{ errorMessage: 'Amount too large', errorCode: 'amount_limit' }, 'Amount too large', 'amount_limit'],
      [{ displayMessage: 'Something went wrong, try again' }, 'Something went wrong, try again', undefined],
      ['Bad Gateway from upstream', 'Bad Gateway from upstream', undefined],
    ])('reads the message from %j', async (body, message, errorCode) => {
      fake.respondNext({ status: 400, body });
      const err = await refusal(yoco.createCheckout(checkoutInput()));
      expect(err).toMatchObject({ providerStatus: 400, status: 502, providerMessage: message });
      expect(err.details.errorCode).toBe(errorCode);
      expect(err.message).toBe(`The payment provider refused the request (HTTP 400): ${message}`);
    });

    it('says the status when the error has no body', async () => {
      fake.respondNext({ status: 500 });
      const err = await refusal(yoco.getCheckout('ch_1'));
      expect(err.providerMessage).toBe('Internal Server Error');
    });

    it('refuses a wrong secret key with 401', async () => {
      const other = createYocoProvider({ apiUrl: fake.apiUrl, secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET });
      const err = await refusal(other.getCheckout('ch_1'));
      expect(err).toMatchObject({ providerStatus: 401, status: 502, providerMessage: 'Invalid API key.' });
    });

    it('waits as long as Retry-After says after a 429 and tries again', async () => {
      fake.respondNext({ status: 429, headers: { 'retry-after': '2' }, body: { errorMessage: 'Slow down' } }, { status: 429, body: {} });
      const created = await yoco.createCheckout(checkoutInput());
      expect(created.status).toBe('created');
      expect(waits).toEqual([2_000, 1_000]);
      expect(fake.requests).toHaveLength(3);
      // Every try carries the same key, so Yoco makes one checkout however many tries it takes.
      expect(new Set(fake.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    });

    it(`gives up after ${MAX_TRIES} tries`, async () => {
      const tooMany = { status: 429, headers: { 'retry-after': '1' }, body: { errorMessage: 'Too many requests' } };
      fake.respondNext(tooMany, tooMany, tooMany);
      const err = await refusal(yoco.getCheckout('ch_1'));
      expect(err).toMatchObject({ providerStatus: 429, providerMessage: 'Too many requests', details: { retryAfterSeconds: 1 } });
      expect(fake.requests).toHaveLength(MAX_TRIES);
      expect(waits).toEqual([1_000, 1_000]);
    });

    it('does not wait for a long Retry-After: it fails at once and says when to try again', async () => {
      fake.respondNext({ status: 429, headers: { 'retry-after': '120' }, body: {} });
      const err = await refusal(yoco.getCheckout('ch_1'));
      expect(err.details.retryAfterSeconds).toBe(120);
      expect(fake.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    });

    it('reads Retry-After as seconds or as a date', () => {
      const now = new Date('2026-11-21T10:00:00Z');
      expect(retryAfterMs('3', now)).toBe(3_000);
      expect(retryAfterMs('Sat, 21 Nov 2026 10:00:04 GMT', now)).toBe(4_000);
      expect(retryAfterMs('soon', now)).toBeUndefined();
      expect(retryAfterMs(null, now)).toBeUndefined();
    });

    it('turns a network failure into a provider error after bounded tries', async () => {
      let calls = 0;
      const down = createYocoProvider({
        apiUrl: fake.apiUrl,
        secretKey: fake.secretKey,
        webhookSecret: WEBHOOK_SECRET,
        sleep: async (ms) => void waits.push(ms),
        fetch: async () => {
          calls++;
          throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
        },
      });
      const err = await refusal(down.createCheckout(checkoutInput()));
      expect(err).toMatchObject({ providerStatus: null, status: 502 });
      expect(err.message).toBe('The payment provider could not be reached (fetch failed: connect ECONNREFUSED 127.0.0.1:9)');
      expect(calls).toBe(MAX_TRIES);
    });

    it('does not repeat a request that timed out', async () => {
      let calls = 0;
      const slow = createYocoProvider({
        apiUrl: fake.apiUrl,
        secretKey: fake.secretKey,
        webhookSecret: WEBHOOK_SECRET,
        timeoutMs: 50,
        fetch: async (_url, init) => {
          calls++;
          return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
        },
      });
      const err = await refusal(slow.getCheckout('ch_1'));
      expect(err.message).toBe('The payment provider could not be reached (no answer within 0.05 s)');
      expect(calls).toBe(1);
    });
  });

  describe('verifyWebhook', () => {
    let checkoutId: string;
    beforeAll(async () => {
      checkoutId = (await yoco.createCheckout(checkoutInput())).id;
      fake.markPaid(checkoutId);
    });

    it('accepts a payment.succeeded signed by Yoco and reads it', () => {
      const event = fake.paymentSucceeded(checkoutId) as { id: string };
      const delivery = fake.signWebhook(WEBHOOK_SECRET, event);
      const read = yoco.verifyWebhook(delivery.body, delivery.headers);
      expect(read).toEqual({
        id: delivery.headers['webhook-id'],
        eventId: event.id,
        type: 'payment.succeeded',
        checkoutId,
        paymentId: fake.checkouts.get(checkoutId)!.paymentId,
        refundId: undefined,
        amountCents: 25_000,
        currency: 'ZAR',
        status: 'succeeded',
        failureReason: undefined,
        raw: event,
      });
    });

    it('reads refund events', () => {
      const succeeded = fake.signWebhook(WEBHOOK_SECRET, fake.refundEvent(checkoutId, 'refund.succeeded', 1_000));
      expect(yoco.verifyWebhook(succeeded.body, succeeded.headers)).toMatchObject({
        type: 'refund.succeeded',
        checkoutId,
        refundId: expect.stringMatching(/^rfd_/),
        paymentId: fake.checkouts.get(checkoutId)!.paymentId,
        amountCents: 1_000,
        status: 'succeeded',
      });
      const failed = fake.signWebhook(WEBHOOK_SECRET, fake.refundEvent(checkoutId, 'refund.failed', 1_000));
      expect(yoco.verifyWebhook(failed.body, failed.headers)).toMatchObject({
        type: 'refund.failed',
        status: 'failed',
        failureReason: 'Refunds work only on live-mode checkouts',
      });
    });

    it('refuses a changed body', () => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), { tamper: true });
      expect(webhookRefusal(() => yoco.verifyWebhook(delivery.body, delivery.headers)).problem).toBe('bad_signature');
    });

    it('refuses a webhook signed with another secret', () => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), { wrongSecret: true });
      const err = webhookRefusal(() => yoco.verifyWebhook(delivery.body, delivery.headers));
      expect(err).toMatchObject({ problem: 'bad_signature', status: 400, message: 'The webhook signature does not match' });
    });

    it.each([-301, 301, -3600, 3600])('refuses a timestamp %i seconds off', (offset) => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), { timestampOffsetSeconds: offset });
      expect(webhookRefusal(() => yoco.verifyWebhook(delivery.body, delivery.headers)).problem).toBe('stale_timestamp');
    });

    it.each([-240, 240])('accepts a timestamp %i seconds off', (offset) => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), { timestampOffsetSeconds: offset });
      expect(yoco.verifyWebhook(delivery.body, delivery.headers).checkoutId).toBe(checkoutId);
    });

    it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)('refuses a delivery without %s', (omit) => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), { omit });
      expect(webhookRefusal(() => yoco.verifyWebhook(delivery.body, delivery.headers)).problem).toBe('missing_headers');
    });

    it('accepts any one valid v1 signature among several', () => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId), {
        extraSignatures: [`v1,${randomBytes(32).toString('base64')}`, 'v2,abc'],
      });
      expect(delivery.headers['webhook-signature']!.split(' ')).toHaveLength(3);
      expect(yoco.verifyWebhook(delivery.body, delivery.headers).checkoutId).toBe(checkoutId);

      const allWrong = { ...delivery.headers, 'webhook-signature': `v1,${randomBytes(32).toString('base64')} v1,short` };
      expect(webhookRefusal(() => yoco.verifyWebhook(delivery.body, allWrong)).problem).toBe('bad_signature');
    });

    it('refuses a signed body that is not an event', () => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, { hello: 'world' });
      expect(webhookRefusal(() => yoco.verifyWebhook(delivery.body, delivery.headers)).problem).toBe('bad_payload');
    });

    it('finds headers whatever their case', () => {
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId));
      const shouted = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k.toUpperCase(), v]));
      expect(yoco.verifyWebhook(delivery.body, shouted).checkoutId).toBe(checkoutId);
    });

    it('agrees with the standardwebhooks reference library both ways', () => {
      const reference = new Webhook(WEBHOOK_SECRET);
      const delivery = fake.signWebhook(WEBHOOK_SECRET, fake.paymentSucceeded(checkoutId));
      expect(() => reference.verify(delivery.body, delivery.headers)).not.toThrow();

      const body = Buffer.from(JSON.stringify(fake.paymentSucceeded(checkoutId)));
      const at = new Date();
      const headers = {
        'webhook-id': 'msg_reference',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': reference.sign('msg_reference', at, body.toString('utf8')),
      };
      expect(verifyWebhookSignature(WEBHOOK_SECRET, body, headers)).toBe('msg_reference');
      expect(signWebhook(WEBHOOK_SECRET, 'msg_reference', body, at)).toEqual(headers);
    });
  });
});

describe('choosing the provider', () => {
  const yocoEnv = {
    PAYMENT_PROVIDER: 'yoco',
    YOCO_SECRET_KEY: 'sk_test_abc123',
    YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };

  it('refuses to start with Yoco but without its key or webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'yoco' })).toThrow(
      'PAYMENT_PROVIDER=yoco needs YOCO_SECRET_KEY and YOCO_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ ...yocoEnv, YOCO_WEBHOOK_SECRET: '' })).toThrow('PAYMENT_PROVIDER=yoco needs YOCO_WEBHOOK_SECRET');
    expect(() => loadConfig({ ...yocoEnv, YOCO_SECRET_KEY: 'pk_test_abc' })).toThrow('YOCO_SECRET_KEY must be a Yoco secret key');
    expect(() => loadConfig({ ...yocoEnv, YOCO_WEBHOOK_SECRET: 'whsec_not base64!' })).toThrow('YOCO_WEBHOOK_SECRET must be');
  });

  it('makes the Yoco provider from the settings, at the configured API URL', async () => {
    const config = loadConfig({ ...yocoEnv, YOCO_API_URL: 'http://127.0.0.1:1/api' });
    const seen: string[] = [];
    const { first: provider } = createPaymentMethods(config, {
      db: undefined as never,
      sessionSecret: 'unused',
      deliver: async () => 200,
      fetch: async (url) => {
        seen.push(String(url));
        return new Response(JSON.stringify({ id: 'ch_1', status: 'created', amount: 200, currency: 'ZAR', paymentId: null, metadata: {} }));
      },
    });
    expect(provider.name).toBe('yoco');
    expect((await provider.getCheckout('ch_1')).paid).toBe(false);
    expect(seen).toEqual(['http://127.0.0.1:1/api/checkouts/ch_1']);
  });

  it('uses the sandbox by default', () => {
    expect(createPaymentMethods(loadConfig({}), { db: undefined as never, sessionSecret: 's', deliver: async () => 200 }).all.map((p) => p.name)).toEqual(['sandbox']);
  });
});
