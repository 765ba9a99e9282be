import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/html';
import { formatRand } from '../../shared/money';
import { paymentPageLayout, sendPaymentPage } from './payment-page';
import type { PaymentLogger, WebhookDelivery } from './provider';

/*
 * A stand-in for PayFast (PAYFAST_URL=fake), served by the shop itself: its process page, which
 * takes the signed payment form and offers Pay and Cancel, the ITN it then posts to notify_url,
 * and its validate call, which confirms only the ITNs it sent. No real money moves.
 */

/** Where the stand-in's pages live on the shop: PayFast's /eng/process is /fake/payfast/eng/process. */
export const PAYFAST_FAKE_PATH = '/fake/payfast';
export const PAYFAST_FAKE_LABEL = 'PayFast stand-in — no real money moves';

type Fields = ReadonlyArray<readonly [string, string]>;

/** PayFast's signing rules, handed in by the provider that owns them (payfast.ts). */
interface PayfastSigning {
  /** The signature PayFast expects on a payment form's fields, in the order given. */
  form(fields: Fields): string;
  /** An ITN's parameter string (what a validate call posts back) and its signature. */
  itn(fields: Fields): { paramString: string; signature: string };
  /** A refund request's signature over its headers and body (PayFast's API signature). */
  api(params: Record<string, string>): string;
}

export interface PayfastFakeOptions {
  merchantId: string;
  merchantKey: string;
  signing: PayfastSigning;
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
  /** Waits before the second and later attempts of one ITN, after the first one. */
  retryDelaysMs?: number[];
}

export interface PayfastFake {
  /** PayFast's answer to /eng/query/validate: VALID only for the parameter string of an ITN it sent. */
  validate(paramString: string): 'VALID' | 'INVALID';
  /**
   * PayFast's refund API (POST /refunds/{pf_payment_id}): success for a payment it completed, asked
   * by this merchant with a good signature; what PayFast answers otherwise.
   */
  refund(paymentId: string, headers: Record<string, string>, body: string): { status: number; text: string };
  registerRoutes(app: FastifyInstance, shopName: string): void;
  /** Stops ITN retries still waiting (at shutdown). */
  close(): Promise<void>;
}

/** How long Pay waits for the shop to take the ITN before redirecting anyway; the retries go on behind. */
const FIRST_TRY_WAIT_MS = 3_000;
const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000];
/** The ITNs remembered for validate calls: the newest ones. */
const REMEMBERED_ITNS = 1_000;
/** A payment form is a few hundred bytes; anything far bigger is not one. */
const FORM_LIMIT_BYTES = 32 * 1024;

/** What the form must carry for the stand-in to show a payment. */
const REQUIRED = ['merchant_id', 'merchant_key', 'return_url', 'cancel_url', 'notify_url', 'm_payment_id', 'amount', 'item_name'] as const;

/** The fields of an ITN in the order PayFast posts them (its documentation's example). */
const ITN_FIELDS = [
  'm_payment_id',
  'pf_payment_id',
  'payment_status',
  'item_name',
  'item_description',
  'amount_gross',
  'amount_fee',
  'amount_net',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'name_first',
  'name_last',
  'email_address',
  'merchant_id',
] as const;

const AMOUNT = /^\d{1,7}\.\d{2}$/;
const toCents = (amount: string) => Math.round(Number(amount) * 100);
const toRands = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

class FormRefused extends Error {}

/** A payment form whose signature checked out: its fields by name, and as posted. */
interface PaymentForm {
  fields: Map<string, string>;
  signed: Fields;
  signature: string;
}

const isSent = (sent: Set<string>, paramString: string) => (sent.has(paramString) ? 'VALID' : 'INVALID');

export function createPayfastFake(options: PayfastFakeOptions): PayfastFake {
  const sent = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let closed = false;

  /** The payment form as posted, checked as PayFast checks it: its merchant and its signature. */
  function readForm(body: unknown): PaymentForm {
    const pairs = [...new URLSearchParams(typeof body === 'string' ? body : '')];
    const signature = pairs.find(([name]) => name === 'signature')?.[1];
    const signed = pairs.filter(([name]) => name !== 'signature');
    const fields = new Map(signed);
    if (fields.size !== signed.length) throw new FormRefused('The payment form names a field twice.');
    const missing = REQUIRED.filter((name) => !fields.get(name)?.trim());
    if (missing.length > 0) throw new FormRefused(`The payment form lacks ${missing.join(', ')}.`);
    if (fields.get('merchant_id') !== options.merchantId || fields.get('merchant_key') !== options.merchantKey) {
      throw new FormRefused('The payment form is for another merchant: check PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY.');
    }
    if (!signature || signature !== options.signing.form(signed)) {
      throw new FormRefused("The payment form's signature does not match: it was changed on the way, or PAYFAST_PASSPHRASE differs.");
    }
    if (!AMOUNT.test(fields.get('amount')!)) throw new FormRefused("The payment form's amount is not rands with two decimals.");
    return { fields, signed, signature };
  }

  function remember(paramString: string): void {
    sent.add(paramString);
    if (sent.size > REMEMBERED_ITNS) sent.delete(sent.values().next().value!);
  }

  /** One attempt to deliver an ITN; a refusal is tried again later, a few times, as PayFast does. */
  function attempt(url: string, body: Buffer, n: number): Promise<void> {
    const run = (async () => {
      let outcome: string;
      try {
        const status = await options.deliver({ url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
        if (status >= 200 && status < 300) return;
        outcome = `HTTP ${status}`;
      } catch (err) {
        outcome = err instanceof Error ? err.message : String(err);
      }
      const retrying = n < retryDelaysMs.length && !closed;
      options.logger?.warn({ url, attempt: n + 1, outcome, retrying }, 'PayFast stand-in ITN not accepted');
      if (!retrying) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(url, body, n + 1);
      }, retryDelaysMs[n]);
      timer.unref();
      timers.add(timer);
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  /** Posts a signed ITN for the form to its notify_url; waits a little for the first try, never longer. */
  async function sendItn({ fields: form }: PaymentForm, status: 'COMPLETE' | 'CANCELLED'): Promise<void> {
    const grossCents = toCents(form.get('amount')!);
    const feeCents = -Math.round(grossCents * 0.035);
    const values: Record<string, string> = {
      pf_payment_id: String(randomInt(1_000_000, 10_000_000)),
      payment_status: status,
      amount_gross: toRands(grossCents),
      amount_fee: toRands(feeCents),
      amount_net: toRands(grossCents + feeCents),
    };
    const fields = ITN_FIELDS.map((name) => [name, values[name] ?? form.get(name)?.trim() ?? ''] as const);
    const { paramString, signature } = options.signing.itn(fields);
    remember(paramString);
    const first = attempt(form.get('notify_url')!, Buffer.from(`${paramString}&signature=${signature}`), 0);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([first, new Promise<void>((resolve) => (waited = setTimeout(resolve, FIRST_TRY_WAIT_MS)))]);
    clearTimeout(waited);
  }

  function renderPayment({ fields: form, signed, signature }: PaymentForm, shopName: string): string {
    const amount = escapeHtml(formatRand(toCents(form.get('amount')!)));
    const hidden = [...signed, ['signature', signature] as const]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    const button = (step: string, css: string, text: string) =>
      `<form method="post" action="${PAYFAST_FAKE_PATH}/eng/process/${step}">${hidden}<button class="${css}" type="submit">${text}</button></form>`;
    const description = form.get('item_description')?.trim();
    return paymentPageLayout({
      title: `Pay ${formatRand(toCents(form.get('amount')!))} – PayFast stand-in`,
      shopName,
      label: PAYFAST_FAKE_LABEL,
      body: `<h1>${escapeHtml(form.get('item_name')!)}</h1>
${description ? `<p class="muted">${escapeHtml(description)}</p>\n` : ''}<p class="amount">${amount}</p>
<div class="actions">
${button('pay', 'pay', `Pay ${amount}`)}
${button('cancel', 'cancel', 'Cancel and return to the shop')}
</div>`,
    });
  }

  function refusedPage(reply: FastifyReply, message: string, shopName: string): FastifyReply {
    const html = paymentPageLayout({
      title: `Payment refused – PayFast stand-in`,
      shopName,
      label: PAYFAST_FAKE_LABEL,
      body: `<h1>PayFast refused this payment</h1>\n<p>${escapeHtml(message)}</p>\n<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`,
    });
    return sendPaymentPage(reply, 400, html);
  }

  return {
    validate: (paramString) => isSent(sent, paramString),

    refund(paymentId, headers, body) {
      const answer = (status: number, message: string) => ({ status, text: JSON.stringify({ code: status, status: status === 200 ? 'success' : 'failed', data: { response: status === 200, message } }) });
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return answer(400, 'The body is not JSON');
      }
      const signed = { 'merchant-id': headers['merchant-id'] ?? '', version: headers.version ?? '', timestamp: headers.timestamp ?? '', ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])) };
      if (headers['merchant-id'] !== options.merchantId || headers.signature !== options.signing.api(signed)) return answer(401, 'Merchant authorization failed');
      const paid = [...sent].some((paramString) => new URLSearchParams(paramString).get('pf_payment_id') === paymentId && paramString.includes('payment_status=COMPLETE'));
      if (!paid) return answer(404, 'Transaction not found');
      return answer(200, 'Success');
    },

    registerRoutes(app, shopName) {
      void app.register(async (scope) => {
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => done(null, body));

        // Pay and Cancel post the signed form again: the stand-in keeps nothing between its pages.
        const withForm = (handle: (form: PaymentForm, reply: FastifyReply) => Promise<FastifyReply>) => async (request: FastifyRequest, reply: FastifyReply) => {
          let form: PaymentForm;
          try {
            form = readForm(request.body);
          } catch (err) {
            if (err instanceof FormRefused) return refusedPage(reply, err.message, shopName);
            throw err;
          }
          return handle(form, reply);
        };

        scope.post(`${PAYFAST_FAKE_PATH}/eng/process`, withForm(async (form, reply) => sendPaymentPage(reply, 200, renderPayment(form, shopName))));
        scope.post(
          `${PAYFAST_FAKE_PATH}/eng/process/pay`,
          withForm(async (form, reply) => {
            await sendItn(form, 'COMPLETE');
            return reply.redirect(form.fields.get('return_url')!, 303);
          }),
        );
        scope.post(
          `${PAYFAST_FAKE_PATH}/eng/process/cancel`,
          withForm(async (form, reply) => {
            await sendItn(form, 'CANCELLED');
            return reply.redirect(form.fields.get('cancel_url')!, 303);
          }),
        );
        // The body is the ITN's parameter string as the shop re-made it, posted back as PayFast's guide says.
        scope.post(`${PAYFAST_FAKE_PATH}/eng/query/validate`, async (request, reply) =>
          reply.type('text/plain').send(isSent(sent, typeof request.body === 'string' ? request.body : '')),
        );
      });
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
