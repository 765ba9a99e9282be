import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { InvalidInputError } from '../errors';
import { goingLiveProblem } from '../provider-registry';
import { BELOW_MINIMUM_MESSAGE, PaymentProviderError, WebhookVerificationError, type CreateCheckoutInput } from './provider';
import { paymentProviders } from './providers';
import { createOzowProvider, ozowAmount, OZOW_NOTIFY_PATH, type OzowSettings } from './ozow';
import { notificationHash, paymentRequestHash } from './ozow-hashes';
import { OZOW_FAKE_TEST_SETTINGS } from './ozow-fake';
import { rejectionOf } from '../testing/rejections';

const SETTINGS: OzowSettings = {
  siteCode: 'TSTSTE0001',
  privateKey: '215114531AFF7134A94C88CEEA48E',
  apiKey: 'EB5758F2C3B4DF3FF4F2669D5FF5B',
  payUrl: 'https://pay.ozow.com',
  apiUrl: 'https://api.ozow.com',
  isTest: false,
};
const REFERENCE = '3f1d2c4b-8a9e-4f70-b1c2-d3e4f5a6b7c8';
const TRANSACTION_ID = 'b1f8c2a0-5d1e-4c3a-9f0e-1a2b3c4d5e6f';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Call {
  url: URL;
  headers: Headers;
}
type Answer = { status: number; body: unknown } | 'timeout' | 'network';

/** Ozow's status API as the test says it answers, one answer a call (the last one repeats). */
function statusApi(...answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({ url: new URL(input.toString()), headers: new Headers(init?.headers) });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    if (answer === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    if (answer === 'network') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

const transaction = (overrides: Record<string, unknown> = {}) => ({
  transactionId: TRANSACTION_ID,
  merchantCode: 'MOZ001',
  siteCode: SETTINGS.siteCode,
  transactionReference: REFERENCE,
  currencyCode: 'ZAR',
  amount: 190,
  status: 'Complete',
  statusMessage: '',
  createdDate: '2026-03-02T10:15:00',
  paymentDate: '2026-03-02T10:16:00',
  ...overrides,
});

function provider(api: ReturnType<typeof statusApi>, overrides: Partial<OzowSettings> = {}) {
  return createOzowProvider({
    ...SETTINGS,
    ...overrides,
    publicUrl: 'https://flags.example.co.za',
    deliver: async () => 200,
    fetch: api.fetch,
    sleep: async () => undefined,
  });
}

/** A notification as Ozow posts it, hashed with the site's private key unless `hash` says otherwise. */
function notification(overrides: Record<string, string> = {}, hash?: string): Buffer {
  const fields: Record<string, string> = {
    SiteCode: SETTINGS.siteCode,
    TransactionId: TRANSACTION_ID,
    TransactionReference: REFERENCE,
    Amount: '190.00',
    Status: 'Complete',
    Optional1: '',
    Optional2: '',
    Optional3: '',
    Optional4: '',
    Optional5: '',
    CurrencyCode: 'ZAR',
    IsTest: 'false',
    StatusMessage: '',
    ...overrides,
  };
  fields.Hash = hash ?? notificationHash(fields, SETTINGS.privateKey);
  return Buffer.from(new URLSearchParams(fields).toString());
}

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, WebhookVerificationError);

const checkoutInput = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  amountCents: 19_000,
  currency: 'ZAR',
  successUrl: `https://flags.example.co.za/payment/success?checkoutId=${REFERENCE}`,
  cancelUrl: `https://flags.example.co.za/payment/cancel?checkoutId=${REFERENCE}`,
  failureUrl: `https://flags.example.co.za/payment/failed?checkoutId=${REFERENCE}`,
  metadata: { checkoutId: REFERENCE },
  externalId: REFERENCE,
  idempotencyKey: REFERENCE,
  buyer: { firstName: 'Thabo', lastName: 'Mokoena', email: 'thabo@example.co.za', phone: '082 123 4567' },
  ...overrides,
});

describe('Ozow settings', () => {
  it.each([
    [{ PAYMENT_PROVIDERS: 'ozow' }, "PAYMENT_PROVIDERS with ozow needs OZOW_SITE_CODE and OZOW_PRIVATE_KEY and OZOW_API_KEY (Ozow's merchant admin"],
    [{ PAYMENT_PROVIDERS: 'ozow', OZOW_SITE_CODE: 'TSTSTE0001', OZOW_API_KEY: 'k' }, 'PAYMENT_PROVIDERS with ozow needs OZOW_PRIVATE_KEY'],
    [{ PAYMENT_PROVIDERS: 'ozow', OZOW_URL: 'fake', OZOW_IS_TEST: 'yes' }, 'OZOW_IS_TEST must be true or false'],
    [{ PAYMENT_PROVIDERS: 'ozow', OZOW_URL: 'ftp://pay.ozow.com' }, 'OZOW_URL must be an http(s) address or fake'],
    [{ PAYMENT_PROVIDERS: 'ozow', OZOW_SITE_CODE: 'S', OZOW_PRIVATE_KEY: 'p', OZOW_API_KEY: 'k', OZOW_API_URL: 'fake' }, 'OZOW_API_URL=fake answers only the stand-in'],
  ])('refuses %j at start, in words', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it("reads Ozow's live addresses by default, and test mode only when asked", () => {
    const env = { PAYMENT_PROVIDERS: 'ozow', OZOW_SITE_CODE: 'TSTSTE0001', OZOW_PRIVATE_KEY: 'secret', OZOW_API_KEY: 'key' };
    const live = loadConfig(env).payments[0]!;
    expect(live).toEqual({ provider: 'ozow', siteCode: 'TSTSTE0001', privateKey: 'secret', apiKey: 'key', payUrl: 'https://pay.ozow.com', apiUrl: 'https://api.ozow.com', isTest: false });
    expect(goingLiveProblem(paymentProviders, live)).toBeUndefined();
    const test = loadConfig({ ...env, OZOW_IS_TEST: 'true', OZOW_API_URL: 'https://stagingapi.ozow.com' }).payments[0]!;
    expect(test).toMatchObject({ isTest: true, apiUrl: 'https://stagingapi.ozow.com' });
    expect(goingLiveProblem(paymentProviders, test)).toContain('OZOW_IS_TEST is true');
  });

  it('starts on the stand-in with its own test keys, which a public shop must not take orders with', () => {
    const fake = loadConfig({ PAYMENT_PROVIDERS: 'ozow', OZOW_URL: 'fake' }).payments[0]!;
    expect(fake).toEqual({ provider: 'ozow', ...OZOW_FAKE_TEST_SETTINGS, payUrl: 'fake', apiUrl: 'fake', isTest: false });
    expect(goingLiveProblem(paymentProviders, fake)).toContain('OZOW_URL or OZOW_API_URL is fake');
  });
});

describe('Ozow hashes', () => {
  it("signs a payment request as Ozow documents it: the values in order, the private key after, lower-cased, SHA-512", () => {
    // Worked out apart from the code: printf '%s' '<values><key>' | tr A-Z a-z | sha512sum
    const hash = paymentRequestHash(
      {
        SiteCode: 'TSTSTE0001',
        CountryCode: 'ZA',
        CurrencyCode: 'ZAR',
        Amount: '25.01',
        TransactionReference: 'Test1',
        BankReference: 'ABC123',
        Customer: 'Thabo Mokoena',
        CancelUrl: 'http://demo.ozow.com/cancel.aspx',
        ErrorUrl: 'http://demo.ozow.com/error.aspx',
        SuccessUrl: 'http://demo.ozow.com/success.aspx',
        NotifyUrl: 'http://demo.ozow.com/notify.aspx',
        IsTest: 'false',
      },
      SETTINGS.privateKey,
    );
    expect(hash).toBe('e8021b28cf036a403516dd5e4313e369bd272d47049eccb1a87588107bba3724563f50f56d65b295eecd6646584892c3677ed7a40fd0a1764c15ffdae39fae61');
  });

  it("checks a notification's Hash over its fields in Ozow's order", () => {
    const hash = notificationHash(
      { SiteCode: 'TSTSTE0001', TransactionId: TRANSACTION_ID, TransactionReference: 'Test1', Amount: '25.01', Status: 'Complete', CurrencyCode: 'ZAR', IsTest: 'false' },
      SETTINGS.privateKey,
    );
    expect(hash).toBe('1c8c5d54e32fb9241b067261ef91b66834c4db5f636538e754758e3c8697485fe4b73721e9458046c2f808f41ff9f31ab4ef63248e9db5f6a1c34f3fb2492dc2');
  });

  it('writes amounts as rands with two decimals', () => {
    expect([200, 19_000, 123_456, 5].map(ozowAmount)).toEqual(['2.00', '190.00', '1234.56', '0.05']);
  });
});

describe('Ozow payment request', () => {
  it("hands the shopper to the shop's own page with the signed fields, keyed by the shop's checkout id", async () => {
    const api = statusApi({ status: 200, body: [] });
    const created = await provider(api).createCheckout(checkoutInput());
    expect(created).toMatchObject({ id: REFERENCE, status: 'created', replayed: false });
    const url = new URL(created.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://flags.example.co.za/pay/ozow');
    const fields = [...url.searchParams];
    expect(fields.map(([name]) => name)).toEqual([
      'SiteCode', 'CountryCode', 'CurrencyCode', 'Amount', 'TransactionReference', 'BankReference', 'Customer',
      'CancelUrl', 'ErrorUrl', 'SuccessUrl', 'NotifyUrl', 'IsTest', 'HashCheck',
    ]);
    const given = Object.fromEntries(fields);
    expect(given).toMatchObject({
      SiteCode: SETTINGS.siteCode,
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: '190.00',
      TransactionReference: REFERENCE,
      BankReference: '3F1D2C4B',
      Customer: 'Thabo Mokoena',
      ErrorUrl: checkoutInput().failureUrl,
      NotifyUrl: `https://flags.example.co.za${OZOW_NOTIFY_PATH}`,
      IsTest: 'false',
    });
    expect(given.BankReference!.length).toBeLessThanOrEqual(20);
    expect(given.HashCheck).toBe(paymentRequestHash(given, SETTINGS.privateKey));
    expect(api.calls).toEqual([]);
  });

  it('refuses a total below R2.00 before anything else', async () => {
    const err = await provider(statusApi({ status: 200, body: [] }))
      .createCheckout(checkoutInput({ amountCents: 199 }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as Error).message).toBe(BELOW_MINIMUM_MESSAGE);
  });

  it("refunds only by hand from Ozow's dashboard, with no refund call", () => {
    const ozow = provider(statusApi({ status: 200, body: [] }));
    expect(ozow.refundsByHand).toBe("from Ozow's merchant dashboard");
    expect(ozow.refund).toBeUndefined();
  });
});

describe('Ozow transaction status', () => {
  it('asks by site code and reference with the API key, and counts a Complete attempt as paid', async () => {
    const api = statusApi({ status: 200, body: [transaction({ transactionId: 'first', status: 'Cancelled' }), transaction({ amount: 190.1 })] });
    const state = await provider(api).getCheckout(REFERENCE);
    expect(state).toEqual({ id: REFERENCE, status: 'Complete', paid: true, amountCents: 19_010, currency: 'ZAR', paymentId: TRANSACTION_ID, metadata: {} });
    const [call] = api.calls;
    expect(`${call!.url.origin}${call!.url.pathname}`).toBe('https://api.ozow.com/GetTransactionByReference');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ siteCode: SETTINGS.siteCode, transactionReference: REFERENCE });
    expect(call!.headers.get('ApiKey')).toBe(SETTINGS.apiKey);
    expect(call!.headers.get('Accept')).toBe('application/json');
  });

  it('asks for test payments in test mode', async () => {
    const api = statusApi({ status: 200, body: [] });
    await provider(api, { isTest: true }).getCheckout(REFERENCE);
    expect(api.calls[0]!.url.searchParams.get('isTest')).toBe('true');
  });

  it.each([
    ['no attempt yet (an unknown reference)', [], 'pending'],
    ['an attempt still pending', [transaction({ status: 'Cancelled' }), transaction({ transactionId: 'second', status: 'PendingInvestigation' })], 'pending'],
    ['every attempt cancelled, in error or abandoned', [transaction({ status: 'Cancelled' }), transaction({ transactionId: 'b', status: 'Error' }), transaction({ transactionId: 'c', status: 'Abandoned' })], 'failed'],
    ["another site's or reference's attempt only", [transaction({ siteCode: 'OTHER' }), transaction({ transactionReference: 'other' })], 'pending'],
  ])('is not paid with %s', async (_case, body, status) => {
    const state = await provider(statusApi({ status: 200, body })).getCheckout(REFERENCE);
    expect(state).toMatchObject({ paid: false, status, paymentId: null });
  });

  it('tries again after a server fault or a dropped connection, then answers', async () => {
    const api = statusApi({ status: 503, body: 'busy' }, 'network', { status: 200, body: [transaction()] });
    expect(await provider(api).getCheckout(REFERENCE)).toMatchObject({ paid: true });
    expect(api.calls).toHaveLength(3);
  });

  it.each([
    ['answers 500 every time', [{ status: 500, body: { message: 'An error has occurred.' } }], 3, "Ozow's transaction status API refused the request (HTTP 500)"],
    ['times out', ['timeout' as const], 1, "Ozow's transaction status API could not be reached (no answer within 10 s)"],
    ['refuses the API key', [{ status: 401, body: { message: 'Authorization has been denied for this request.' } }], 1, 'HTTP 401'],
    ['answers what is not a list of transactions', [{ status: 200, body: { transactions: 'none' } }], 1, 'unexpected answer'],
  ])('is a provider failure (502) when the API %s', async (_case, answers, tries, message) => {
    const api = statusApi(...(answers as Answer[]));
    const err = await provider(api).getCheckout(REFERENCE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).status).toBe(502);
    expect((err as Error).message).toContain(message);
    expect(api.calls).toHaveLength(tries);
  });

  it('gives up on a call after its time-out', async () => {
    const hanging = async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const ozow = createOzowProvider({ ...SETTINGS, publicUrl: 'https://flags.example.co.za', deliver: async () => 200, fetch: hanging, timeoutMs: 50 });
    await expect(ozow.getCheckout(REFERENCE)).rejects.toThrow('no answer within 0.05 s');
  });
});

describe('Ozow notifications', () => {
  it('are trusted once the hash, the site and the status API agree: a Complete becomes payment.succeeded', async () => {
    const api = statusApi({ status: 200, body: [transaction({ transactionId: 'earlier', status: 'Cancelled' }), transaction()] });
    const event = await provider(api).verifyWebhook!(notification(), FORM, { ip: '203.0.113.5' });
    expect(event).toMatchObject({
      id: `ozow_${TRANSACTION_ID}_Complete`,
      type: 'payment.succeeded',
      checkoutId: REFERENCE,
      paymentId: TRANSACTION_ID,
      amountCents: 19_000,
      currency: 'ZAR',
      status: 'Complete',
    });
    expect((event.raw as { notification: Record<string, string> }).notification).toMatchObject({ TransactionId: TRANSACTION_ID, Amount: '190.00' });
    expect((event.raw as { notification: Record<string, string> }).notification).not.toHaveProperty('Hash');
  });

  it.each(['Cancelled', 'Error', 'Abandoned'])('reads %s as payment.failed', async (status) => {
    const api = statusApi({ status: 200, body: [transaction({ status })] });
    const event = await provider(api).verifyWebhook!(notification({ Status: status }), FORM, { ip: '203.0.113.5' });
    expect(event).toMatchObject({ id: `ozow_${TRANSACTION_ID}_${status}`, type: 'payment.failed', checkoutId: REFERENCE });
  });

  it.each([
    ['a forged hash', () => notification({}, 'f'.repeat(128)), 'bad_signature', 'The Ozow notification hash does not match'],
    ['an amount changed after hashing', () => Buffer.from(notification().toString().replace('Amount=190.00', 'Amount=1.00')), 'bad_signature', 'hash does not match'],
    ["another site's notification", () => notification({ SiteCode: 'OTHER-SITE' }), 'unknown_sender', 'another Ozow site (OTHER-SITE)'],
    ['a NUL byte in a field', () => notification({ StatusMessage: 'ok\u0000' }), 'bad_payload', "The notification's StatusMessage contains a NUL character"],
    ['an oversize field', () => notification({ StatusMessage: 'x'.repeat(501) }), 'bad_payload', 'StatusMessage is longer than 500 characters'],
    ['a field sent twice', () => Buffer.from(`${notification().toString()}&Status=Complete`), 'bad_payload', 'Status more than once'],
    ['a missing reference', () => notification({ TransactionReference: '' }), 'bad_payload', 'lacks TransactionReference'],
    ['an amount that is not one', () => notification({ Amount: '19O.00' }), 'bad_payload', 'not an amount of rand'],
    ['a status Ozow does not have', () => notification({ Status: 'Paid' }), 'bad_payload', "not one of Ozow's: Paid"],
    ['a test payment on a live shop', () => notification({ IsTest: 'true' }), 'not_confirmed', 'test payment'],
    ['a pending payment', () => notification({ Status: 'PendingInvestigation' }), 'not_confirmed', 'PendingInvestigation: nothing to do'],
  ])('refuses %s, in words, without asking Ozow', async (_case, body, problem, message) => {
    const api = statusApi({ status: 200, body: [transaction()] });
    const err = await refusal(provider(api).verifyWebhook!(body(), FORM, { ip: '203.0.113.5' }) as Promise<unknown>);
    expect(err).toMatchObject({ problem, status: 400 });
    expect(err.message).toContain(message);
    expect(api.calls).toEqual([]);
  });

  it('refuses what is not a form post, or is too large', async () => {
    const ozow = provider(statusApi({ status: 200, body: [] }));
    const json = await refusal(ozow.verifyWebhook!(Buffer.from('{"Status":"Complete"}'), { 'content-type': 'application/json' }, { ip: '203.0.113.5' }) as Promise<unknown>);
    expect(json.message).toBe('An Ozow notification is a form post (application/x-www-form-urlencoded)');
    const large = await refusal(ozow.verifyWebhook!(Buffer.alloc(17 * 1024, 'a'), FORM, { ip: '203.0.113.5' }) as Promise<unknown>);
    expect(large.message).toBe('The notification is larger than 16 KB');
  });

  it.each([
    ['another amount than the API says', [transaction({ amount: 1 })], 'for R1.00, not R190.00'],
    ['another status than the API says', [transaction({ status: 'Cancelled' })], 'as Cancelled, not Complete'],
    ['an unknown reference', [], `Ozow does not know transaction ${TRANSACTION_ID} for reference ${REFERENCE}`],
    ['a transaction id the API does not list', [transaction({ transactionId: 'another' })], 'does not know transaction'],
  ])('refuses a notification with %s (not_confirmed)', async (_case, body, message) => {
    const err = await refusal(provider(statusApi({ status: 200, body })).verifyWebhook!(notification(), FORM, { ip: '203.0.113.5' }) as Promise<unknown>);
    expect(err).toMatchObject({ problem: 'not_confirmed', status: 400 });
    expect(err.message).toContain(message);
  });

  it.each([
    ['answers 500', [{ status: 500, body: 'An error has occurred.' }] as Answer[], 3, 'HTTP 500'],
    ['times out', ['timeout'] as Answer[], 1, 'no answer within 10 s'],
  ])('refuses a notification while the status API %s: Ozow sends it again later', async (_case, answers, tries, message) => {
    const api = statusApi(...answers);
    const err = await refusal(provider(api).verifyWebhook!(notification(), FORM, { ip: '203.0.113.5' }) as Promise<unknown>);
    expect(err).toMatchObject({ problem: 'not_confirmed', status: 400 });
    expect(err.message).toContain('could not be confirmed');
    expect(err.message).toContain(message);
    expect(api.calls).toHaveLength(tries);
  });
});
