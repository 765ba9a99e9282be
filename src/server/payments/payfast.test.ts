import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { InvalidInputError } from '../errors';
import { goingLiveProblem } from '../provider-registry';
import { BELOW_MINIMUM_MESSAGE, PaymentProviderError, WebhookVerificationError, type CreateCheckoutInput, type WebhookSender } from './provider';
import { paymentProviders } from './providers';
import {
  createPayfastProvider,
  formSignature,
  itnParamString,
  itnSignature,
  PAYFAST_HOSTS,
  PAYFAST_SANDBOX_URL,
  phpUrlencode,
  type PayfastProviderOptions,
  type PayfastRecords,
  type PayfastSettings,
} from './payfast';
import { payfastItn, signedItn } from '../testing/payfast-itn';
import { rejectionOf } from '../testing/rejections';

const PASSPHRASE = 'a-Passphrase with spaces';
const SETTINGS: PayfastSettings = {
  url: PAYFAST_SANDBOX_URL,
  merchantId: '10012345',
  merchantKey: 'abc123def456g',
  passphrase: PASSPHRASE,
  itnSources: PAYFAST_HOSTS.map((host) => ({ kind: 'host' as const, host })),
  refunds: 'dashboard',
  apiUrl: 'https://api.payfast.co.za',
};
const SHOP = 'https://flags.example.co.za';
const PAYFAST_SENDER: WebhookSender = { ip: '196.33.227.224' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('PHP urlencode, as PayFast signs', () => {
  it.each([
    ['Flags and poles', 'Flags+and+poles'],
    ['~', '%7E'],
    ['*', '%2A'],
    ['@', '%40'],
    ["O'Brien", 'O%27Brien'],
    ['Zoë', 'Zo%C3%AB'],
    ['Ñandú 🇿🇦', '%C3%91and%C3%BA+%F0%9F%87%BF%F0%9F%87%A6'],
    ['A-z_0.9', 'A-z_0.9'],
    ['!()/?=&+:,;', '%21%28%29%2F%3F%3D%26%2B%3A%2C%3B'],
    ['100%', '100%25'],
  ])('encodes %j as %j', (text, encoded) => {
    expect(phpUrlencode(text)).toBe(encoded);
  });
});

describe('PayFast signatures', () => {
  it('signs a payment form as worked out by hand: non-empty fields, trimmed, in order, then the passphrase', () => {
    const fields = [
      ['merchant_id', '10000100'],
      ['merchant_key', '46f0cd694581a'],
      ['return_url', `${SHOP}/payment/success?checkoutId=1`],
      ['cancel_url', `${SHOP}/payment/cancel?checkoutId=1`],
      ['notify_url', `${SHOP}/api/payments/payfast/notify`],
      ['name_first', ' Zoë '],
      ['name_last', "O'Brien"],
      ['email_address', 'zoe+flags@example.co.za'],
      ['cell_number', ''],
      ['m_payment_id', '1'],
      ['amount', '190.00'],
      ['item_name', 'Flags & poles ~ 50*'],
    ] as const;
    const byHand =
      'merchant_id=10000100&merchant_key=46f0cd694581a' +
      '&return_url=https%3A%2F%2Fflags.example.co.za%2Fpayment%2Fsuccess%3FcheckoutId%3D1' +
      '&cancel_url=https%3A%2F%2Fflags.example.co.za%2Fpayment%2Fcancel%3FcheckoutId%3D1' +
      '&notify_url=https%3A%2F%2Fflags.example.co.za%2Fapi%2Fpayments%2Fpayfast%2Fnotify' +
      '&name_first=Zo%C3%AB&name_last=O%27Brien&email_address=zoe%2Bflags%40example.co.za' +
      '&m_payment_id=1&amount=190.00&item_name=Flags+%26+poles+%7E+50%2A&passphrase=jt7NOE43FZPn';
    expect(md5(byHand)).toBe('2e48d7e184e1fc3aaaedf7f49ee1a7d4');
    expect(formSignature(fields, 'jt7NOE43FZPn')).toBe('2e48d7e184e1fc3aaaedf7f49ee1a7d4');
    // Without a passphrase the string simply ends before it.
    expect(formSignature(fields, undefined)).toBe(md5(byHand.slice(0, byHand.indexOf('&passphrase='))));
  });

  it('signs an ITN over every field as posted, empty ones included, in the order posted, without the signature', () => {
    const fields = [
      ['m_payment_id', '1'],
      ['pf_payment_id', '1089250'],
      ['custom_str1', ''],
      ['amount_gross', '190.00'],
      ['signature', 'ignored'],
    ] as const;
    expect(itnParamString(fields)).toBe('m_payment_id=1&pf_payment_id=1089250&custom_str1=&amount_gross=190.00');
    expect(itnSignature(fields, 'jt7NOE43FZPn')).toBe(md5('m_payment_id=1&pf_payment_id=1089250&custom_str1=&amount_gross=190.00&passphrase=jt7NOE43FZPn'));
  });
});

describe('PayFast settings', () => {
  const needs =
    "PAYMENT_PROVIDERS with payfast needs PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY and PAYFAST_PASSPHRASE (from PayFast's dashboard: Settings → Merchant details, and the passphrase under Settings → Security)";
  it.each([
    [{ PAYMENT_PROVIDERS: 'payfast' }, needs],
    [{ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: PAYFAST_SANDBOX_URL, PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: '46f0cd694581a' }, 'PAYMENT_PROVIDERS with payfast needs PAYFAST_PASSPHRASE'],
    [{ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'payfast' }, 'PAYFAST_URL must be https://www.payfast.co.za, https://sandbox.payfast.co.za or fake'],
    [{ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_MERCHANT_ID: 'M-1' }, 'PAYFAST_MERCHANT_ID must be the merchant ID'],
    [{ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_ITN_SOURCES: '10.0.0.0/40, -bad-' }, 'PAYFAST_ITN_SOURCES lists 10.0.0.0/40, -bad-'],
  ])('refuses %j at start, in words', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('takes PayFast’s test merchant and loopback senders for the stand-in, and PayFast’s hosts otherwise', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake' }).payments[0]).toEqual({
      provider: 'payfast',
      url: 'fake',
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: 'jt7NOE43FZPn',
      itnSources: [
        { kind: 'range', address: '127.0.0.0', prefix: 8 },
        { kind: 'address', address: '::1' },
      ],
      refunds: 'dashboard',
      apiUrl: 'https://api.payfast.co.za',
    });
    const live = loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_MERCHANT_ID: '10012345', PAYFAST_MERCHANT_KEY: 'abc123def456g', PAYFAST_PASSPHRASE: 'x' }).payments[0]!;
    expect(live).toMatchObject({ url: 'https://www.payfast.co.za', itnSources: PAYFAST_HOSTS.map((host) => ({ kind: 'host', host })) });
    const listed = loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_ITN_SOURCES: '197.97.145.144/28, 41.74.179.194 w1w.payfast.co.za' }).payments[0]!;
    expect(listed).toMatchObject({
      itnSources: [
        { kind: 'range', address: '197.97.145.144', prefix: 28 },
        { kind: 'address', address: '41.74.179.194' },
        { kind: 'host', host: 'w1w.payfast.co.za' },
      ],
    });
  });

  it('says why the stand-in and the sandbox must not take real orders', () => {
    const problem = (url: string) => goingLiveProblem(paymentProviders, { provider: 'payfast', ...SETTINGS, url });
    expect(problem('fake')).toContain('PAYFAST_URL is fake, so no real payment would be taken');
    expect(problem(PAYFAST_SANDBOX_URL)).toBe("PAYFAST_URL is https://sandbox.payfast.co.za, not PayFast's live site, so no real money would move. Set PAYFAST_URL to https://www.payfast.co.za.");
    expect(problem('https://www.payfast.co.za')).toBeUndefined();
  });
});

/** One checkout of R190.00 the shop opened with PayFast, unless a test says otherwise. */
function memoryRecords(checkoutIds: string[], stored: Awaited<ReturnType<PayfastRecords['notifications']>> = []): PayfastRecords {
  return {
    checkout: async (id) => (checkoutIds.includes(id) ? { provider: 'payfast', totalCents: 19_000 } : undefined),
    notifications: async () => stored,
    payable: async (id) => checkoutIds.includes(id),
    storeRefund: async () => undefined,
  };
}

interface Harness {
  provider: ReturnType<typeof createPayfastProvider>;
  validations: { url: string; body: string }[];
  lookups: string[];
  clock: { now: number };
}

function harness(options: Partial<PayfastProviderOptions> & { answer?: () => Promise<Response> } = {}): Harness {
  const validations: Harness['validations'] = [];
  const lookups: string[] = [];
  const clock = { now: 0 };
  const provider = createPayfastProvider({
    settings: SETTINGS,
    publicUrl: SHOP,
    records: memoryRecords([CHECKOUT]),
    deliver: async () => 200,
    fetch: async (url, init) => {
      validations.push({ url: String(url), body: String(init?.body) });
      return options.answer ? options.answer() : new Response('VALID');
    },
    lookup: async (host) => {
      lookups.push(host);
      return host === 'www.payfast.co.za' ? ['196.33.227.224'] : host === 'w1w.payfast.co.za' ? ['2c0f:f720::1'] : [];
    },
    now: () => clock.now,
    ...options,
  });
  return { provider, validations, lookups, clock };
}

const CHECKOUT = randomUUID();

const itnFields = (overrides: Record<string, string> = {}) =>
  payfastItn({ checkoutId: CHECKOUT, paymentId: '1089250', merchantId: SETTINGS.merchantId, itemName: 'Flags, payment reference 1A2B3C4D' }, overrides);

const itnBody = (fields: [string, string][], passphrase = PASSPHRASE) => Buffer.from(signedItn(fields, passphrase));

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, WebhookVerificationError);

const input = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  amountCents: 19_000,
  currency: 'ZAR',
  successUrl: `${SHOP}/payment/success?checkoutId=${CHECKOUT}`,
  cancelUrl: `${SHOP}/payment/cancel?checkoutId=${CHECKOUT}`,
  failureUrl: `${SHOP}/payment/failed?checkoutId=${CHECKOUT}`,
  metadata: { checkoutId: CHECKOUT },
  externalId: CHECKOUT,
  idempotencyKey: CHECKOUT,
  buyer: { firstName: 'Thabo', lastName: 'Mokoena', email: 'thabo@example.co.za', phone: '+27821234567' },
  lineItems: [{ displayName: 'SOUTH AFRICA 90 x 150 cm', quantity: 2, priceCents: 13_000 }],
  ...overrides,
});

describe('PayFast checkouts', () => {
  it('answers the shop’s hand-over page with the signed form in its query, in PayFast’s order', async () => {
    const { provider } = harness();
    const created = await provider.createCheckout(input());
    expect(created).toMatchObject({ id: CHECKOUT, status: 'created', replayed: false });
    const url = new URL(created.redirectUrl);
    expect(url.origin + url.pathname).toBe(`${SHOP}/pay/payfast`);
    const fields = [...url.searchParams];
    expect(fields).toEqual([
      ['merchant_id', '10012345'],
      ['merchant_key', 'abc123def456g'],
      ['return_url', input().successUrl],
      ['cancel_url', input().cancelUrl],
      ['notify_url', `${SHOP}/api/payments/payfast/notify`],
      ['name_first', 'Thabo'],
      ['name_last', 'Mokoena'],
      ['email_address', 'thabo@example.co.za'],
      ['cell_number', '0821234567'],
      ['m_payment_id', CHECKOUT],
      ['amount', '190.00'],
      ['item_name', `Flags, payment reference ${CHECKOUT.slice(0, 8).toUpperCase()}`],
      ['item_description', '2 x SOUTH AFRICA 90 x 150 cm'],
      ['signature', expect.stringMatching(/^[0-9a-f]{32}$/)],
    ]);
    expect(fields.at(-1)![1]).toBe(formSignature(fields.slice(0, -1), PASSPHRASE));
  });

  it('leaves out a number that is no South African cellphone, and writes cents as rands', async () => {
    const { provider } = harness();
    const { redirectUrl } = await provider.createCheckout(input({ amountCents: 205, buyer: { firstName: 'Thabo', lastName: 'Mokoena', email: 't@example.co.za', phone: '+27214471234' } }));
    const query = new URL(redirectUrl).searchParams;
    expect(query.has('cell_number')).toBe(false);
    expect(query.get('amount')).toBe('2.05');
  });

  it('refuses less than R2.00 before anything, like the other providers', async () => {
    const { provider } = harness();
    await expect(provider.createCheckout(input({ amountCents: 199 }))).rejects.toThrow(new InvalidInputError(BELOW_MINIMUM_MESSAGE));
  });

  it('says a refund is made by hand on PayFast’s dashboard, with no refund call', () => {
    const { provider } = harness();
    expect(provider.refundsByHand).toBe("on PayFast's dashboard (Transactions → Refund)");
    expect(provider.refund).toBeUndefined();
  });

  it('reads a checkout’s state from the ITNs the shop stored: COMPLETE pays, CANCELLED fails, none is pending', async () => {
    const paid = { status: 'COMPLETE', paymentId: '1089250', amountCents: 19_000, currency: 'ZAR' };
    const cancelled = { status: 'CANCELLED', paymentId: '1089249', amountCents: 19_000, currency: 'ZAR' };
    const state = (stored: Awaited<ReturnType<PayfastRecords['notifications']>>) =>
      harness({ records: memoryRecords([CHECKOUT], stored) }).provider.getCheckout(CHECKOUT);
    expect(await state([])).toMatchObject({ id: CHECKOUT, status: 'pending', paid: false, amountCents: 19_000, paymentId: null });
    expect(await state([cancelled])).toMatchObject({ status: 'failed', paid: false });
    expect(await state([cancelled, paid])).toMatchObject({ status: 'COMPLETE', paid: true, amountCents: 19_000, currency: 'ZAR', paymentId: '1089250' });
    const unknown = await harness({ records: memoryRecords([]) }).provider.getCheckout(CHECKOUT).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect((unknown as PaymentProviderError).providerStatus).toBe(404);
  });
});

describe('PayFast ITNs', () => {
  it('takes one that passes the four checks, asking PayFast with the same parameter string', async () => {
    const { provider, validations } = harness();
    const fields = itnFields();
    const event = await provider.verifyWebhook(itnBody(fields), FORM, PAYFAST_SENDER);
    expect(event).toMatchObject({
      id: 'payfast_1089250_COMPLETE',
      type: 'payment.succeeded',
      checkoutId: CHECKOUT,
      paymentId: '1089250',
      amountCents: 19_000,
      currency: 'ZAR',
      status: 'COMPLETE',
    });
    expect(validations).toEqual([{ url: `${PAYFAST_SANDBOX_URL}/eng/query/validate`, body: itnParamString(fields) }]);
    const cancelled = await provider.verifyWebhook(itnBody(itnFields({ payment_status: 'CANCELLED' })), FORM, PAYFAST_SENDER);
    expect(cancelled).toMatchObject({ id: 'payfast_1089250_CANCELLED', type: 'payment.failed' });
  });

  it.each([
    ['a forged signature', () => Buffer.from(`${itnParamString(itnFields())}&signature=${'0'.repeat(32)}`), 'bad_signature', 'The notification signature does not match (PAYFAST_PASSPHRASE)'],
    ['an amount re-signed without the passphrase', () => itnBody(itnFields({ amount_gross: '1.00' }), ''), 'bad_signature', 'The notification signature does not match (PAYFAST_PASSPHRASE)'],
    ['another amount', () => itnBody(itnFields({ amount_gross: '1.00' })), 'bad_payload', "The notification is for R1.00, but the checkout's total is R190.00"],
    ['another merchant', () => itnBody(itnFields({ merchant_id: '10000100' })), 'bad_payload', "The notification is for merchant 10000100, not this shop's (PAYFAST_MERCHANT_ID)"],
    ['an unknown checkout', () => itnBody(itnFields({ m_payment_id: 'a1b2' })), 'bad_payload', 'The notification names checkout "a1b2", which this shop did not open with PayFast'],
    ['a status the shop does not act on', () => itnBody(itnFields({ payment_status: 'PENDING' })), 'bad_payload', 'The notification\'s payment_status "PENDING" is not one the shop acts on (COMPLETE or CANCELLED)'],
    ['a NUL byte in a field', () => itnBody(itnFields({ name_first: 'Tha\u0000bo' })), 'bad_payload', 'The notification field name_first contains a NUL character'],
    ['a field far too long', () => itnBody(itnFields({ item_description: 'x'.repeat(1_001) })), 'bad_payload', 'The notification field item_description is longer than 1000 characters'],
    ['a field twice', () => Buffer.from(`${itnParamString(itnFields())}&amount_gross=190.00&signature=x`), 'bad_payload', 'The notification names the field amount_gross twice'],
    ['a broken escape', () => Buffer.from('m_payment_id=%E2%28&signature=x'), 'bad_payload', 'The notification is not a well-formed form: a field is not URL-encoded UTF-8'],
  ])('refuses %s in words, without asking PayFast', async (_what, body, problem, message) => {
    const { provider, validations } = harness();
    const err = await refusal(provider.verifyWebhook(body(), FORM, PAYFAST_SENDER));
    expect([err.problem, err.message]).toEqual([problem, message]);
    expect(validations).toEqual([]);
  });

  it('refuses a body that is not a form', async () => {
    const { provider } = harness();
    const err = await refusal(provider.verifyWebhook(Buffer.from('{"payment_status":"COMPLETE"}'), { 'content-type': 'application/json' }, PAYFAST_SENDER));
    expect(err.message).toBe('A PayFast notification is a form post (application/x-www-form-urlencoded)');
  });

  it.each([
    ['answers INVALID', async () => new Response('INVALID'), 'PayFast did not confirm the notification: its validation answered "INVALID"'],
    ['answers 500', async () => new Response('oops', { status: 500 }), "PayFast's validation answered HTTP 500, not a confirmation; PayFast will send the notification again"],
    ['cannot be reached', async () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })), 'PayFast could not be asked to confirm the notification (fetch failed: connect ECONNREFUSED); PayFast will send it again'],
  ])('refuses an ITN PayFast does not confirm: its validate call %s', async (_what, answer, message) => {
    const { provider } = harness({ answer });
    const err = await refusal(provider.verifyWebhook(itnBody(itnFields()), FORM, PAYFAST_SENDER));
    expect([err.problem, err.message]).toEqual(['not_confirmed', message]);
  });

  it('refuses an ITN whose validate call does not answer in time', async () => {
    const validations: string[] = [];
    const { provider } = harness({
      validateTimeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          validations.push(String(init?.body));
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
        }),
    });
    const err = await refusal(provider.verifyWebhook(itnBody(itnFields()), FORM, PAYFAST_SENDER));
    expect([err.problem, err.message]).toEqual(['not_confirmed', 'PayFast could not be asked to confirm the notification (no answer within 0.05 s); PayFast will send it again']);
    expect(validations).toHaveLength(1);
  });

  it('takes ITNs only from PayFast’s hosts, looked up in the DNS and again after ten minutes', async () => {
    const { provider, lookups, clock, validations } = harness();
    const from = (ip: string) => provider.verifyWebhook(itnBody(itnFields()), FORM, { ip });
    await expect(from('196.33.227.224')).resolves.toMatchObject({ type: 'payment.succeeded' });
    await expect(from('::ffff:196.33.227.224')).resolves.toMatchObject({ type: 'payment.succeeded' });
    await expect(from('2c0f:f720:0:0:0:0:0:1')).resolves.toMatchObject({ type: 'payment.succeeded' });
    const err = await refusal(from('203.0.113.7'));
    expect([err.problem, err.message]).toEqual(['unknown_sender', "The notification came from 203.0.113.7, which is not one of PayFast's addresses (PAYFAST_ITN_SOURCES)"]);
    expect(validations).toHaveLength(3);
    expect(lookups).toEqual([...PAYFAST_HOSTS]);
    clock.now += 10 * 60 * 1000 + 1;
    await from('196.33.227.224');
    expect(lookups).toEqual([...PAYFAST_HOSTS, ...PAYFAST_HOSTS]);
  });

  it('keeps a host’s last addresses when a lookup fails, and looks again within a minute', async () => {
    let failing = false;
    let lookups = 0;
    const { provider, clock } = harness({
      lookup: async (host) => {
        lookups += 1;
        if (failing) throw new Error('queryA ETIMEOUT');
        return host === 'www.payfast.co.za' ? ['196.33.227.224'] : [];
      },
    });
    const verify = () => provider.verifyWebhook(itnBody(itnFields()), FORM, PAYFAST_SENDER);
    await verify();
    failing = true;
    clock.now += 11 * 60 * 1000;
    await expect(verify()).resolves.toMatchObject({ type: 'payment.succeeded' });
    expect(lookups).toBe(PAYFAST_HOSTS.length * 2);
    clock.now += 61 * 1000;
    await verify();
    expect(lookups).toBe(PAYFAST_HOSTS.length * 3);
  });

  it('takes listed addresses and ranges without the DNS', async () => {
    const lookups: string[] = [];
    const settings: PayfastSettings = {
      ...SETTINGS,
      itnSources: [
        { kind: 'range', address: '197.97.145.144', prefix: 28 },
        { kind: 'address', address: '41.74.179.194' },
      ],
    };
    const { provider } = harness({ settings, lookup: async (host) => (lookups.push(host), []) });
    const from = (ip: string) => provider.verifyWebhook(itnBody(itnFields()), FORM, { ip });
    await expect(from('197.97.145.150')).resolves.toMatchObject({ status: 'COMPLETE' });
    await expect(from('41.74.179.194')).resolves.toMatchObject({ status: 'COMPLETE' });
    expect((await refusal(from('197.97.145.160'))).problem).toBe('unknown_sender');
    expect((await refusal(from('not-an-address'))).problem).toBe('unknown_sender');
    expect(lookups).toEqual([]);
  });
});
