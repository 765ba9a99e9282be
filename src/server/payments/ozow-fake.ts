import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/html';
import { formatRand, parseRandToCents } from '../../shared/money';
import { paymentPageLayout, sendPaymentPage } from './payment-page';
import type { PaymentLogger, WebhookDelivery } from './provider';
import { notificationHash, PAYMENT_REQUEST_FIELDS, paymentRequestHash, sameHash } from './ozow-hashes';
import { sameText } from '../lib/same-text';

/*
 * A stand-in for Ozow that the shop serves itself (OZOW_URL=fake): its payment page, which takes
 * the signed form post, and its transaction status API. Nothing leaves the machine and no money
 * moves; the transactions live in this process's memory. Its hashes are the provider's
 * (ozow-hashes.ts); the tests pin them to values worked out by hand.
 */

export const OZOW_FAKE_PAY_PATH = '/fake/ozow';
export const OZOW_FAKE_API_PATH = '/fake/ozow-api';
export const OZOW_FAKE_LABEL = 'Ozow stand-in — no real money moves';

/** The site code and keys the stand-in uses when none are set: `PAYMENT_PROVIDERS=ozow OZOW_URL=fake npm start`. */
export const OZOW_FAKE_TEST_SETTINGS = {
  siteCode: 'FAKE-SITE-001',
  privateKey: 'fake-ozow-private-key',
  apiKey: 'fake-ozow-api-key',
} as const;


/** A few of the banks Ozow's page offers; the choice changes nothing here. */
const BANKS = ['ABSA', 'Capitec', 'FNB', 'Nedbank', 'Standard Bank', 'TymeBank'];

/** The stand-in forgets the oldest references past this many: it is for trying the shop out, not for keeping. */
const KEPT_REFERENCES = 1_000;

interface FakeTransaction {
  transactionId: string;
  merchantCode: string;
  siteCode: string;
  transactionReference: string;
  bankReference: string;
  currencyCode: string;
  amount: number;
  status: 'Complete' | 'Cancelled';
  statusMessage: string;
  isTest: boolean;
  createdDate: string;
  paymentDate: string;
}

export interface OzowFakeOptions {
  siteCode: string;
  privateKey: string;
  apiKey: string;
  /** How the notifications reach the shop's NotifyUrl (in-process). */
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
}

export interface OzowFake {
  /** The status API answered inside the process, for the provider's calls. */
  fetch: typeof fetch;
  registerRoutes(app: FastifyInstance, shopName: string): void;
}

export function createOzowFake(options: OzowFakeOptions): OzowFake {
  const byReference = new Map<string, FakeTransaction[]>();

  /** The request's fields when its HashCheck is right and it is for this site; otherwise why not, in words. */
  function readRequest(body: unknown): { fields: Record<string, string> } | { problem: string } {
    const form = new URLSearchParams(typeof body === 'string' ? body : '');
    const fields: Record<string, string> = {};
    for (const name of [...PAYMENT_REQUEST_FIELDS, 'HashCheck']) {
      const values = form.getAll(name);
      if (values.length > 1) return { problem: `${name} was sent more than once.` };
      fields[name] = values[0] ?? '';
    }
    if (!sameHash(paymentRequestHash(fields, options.privateKey), fields.HashCheck!)) return { problem: 'The HashCheck does not match the fields: the request was changed or signed with another private key.' };
    if (fields.SiteCode !== options.siteCode) return { problem: `The site code ${fields.SiteCode} is not this merchant's.` };
    if (parseRandToCents(fields.Amount!) === undefined) return { problem: `The Amount ${fields.Amount} is not an amount of rand.` };
    for (const name of ['TransactionReference', 'SuccessUrl', 'CancelUrl']) if (!fields[name]) return { problem: `The request has no ${name}.` };
    return { fields };
  }

  function record(fields: Record<string, string>, status: FakeTransaction['status']): FakeTransaction {
    const now = new Date().toISOString();
    const transaction: FakeTransaction = {
      transactionId: randomUUID(),
      merchantCode: 'FAKE',
      siteCode: options.siteCode,
      transactionReference: fields.TransactionReference!,
      bankReference: fields.BankReference!,
      currencyCode: fields.CurrencyCode || 'ZAR',
      amount: parseRandToCents(fields.Amount!)! / 100,
      status,
      statusMessage: status === 'Complete' ? 'Payment complete' : 'The customer cancelled the payment',
      isTest: fields.IsTest === 'true',
      createdDate: now,
      paymentDate: now,
    };
    const earlier = byReference.get(transaction.transactionReference) ?? [];
    byReference.delete(transaction.transactionReference);
    byReference.set(transaction.transactionReference, [...earlier, transaction]);
    if (byReference.size > KEPT_REFERENCES) byReference.delete(byReference.keys().next().value!);
    return transaction;
  }

  /** Posts the signed notification to the request's NotifyUrl, as Ozow does; a refusal is logged (the shop asks the API later). */
  async function notify(fields: Record<string, string>, transaction: FakeTransaction): Promise<void> {
    if (!fields.NotifyUrl) return;
    const notification: Record<string, string> = {
      SiteCode: transaction.siteCode,
      TransactionId: transaction.transactionId,
      TransactionReference: transaction.transactionReference,
      Amount: fields.Amount!,
      Status: transaction.status,
      Optional1: fields.Optional1!,
      Optional2: fields.Optional2!,
      Optional3: fields.Optional3!,
      Optional4: fields.Optional4!,
      Optional5: fields.Optional5!,
      CurrencyCode: transaction.currencyCode,
      IsTest: fields.IsTest || 'false',
      StatusMessage: transaction.statusMessage,
    };
    notification.Hash = notificationHash(notification, options.privateKey);
    const body = Buffer.from(new URLSearchParams(notification).toString());
    let outcome: string;
    try {
      const status = await options.deliver({ url: fields.NotifyUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      if (status >= 200 && status < 300) return;
      outcome = `HTTP ${status}`;
    } catch (err) {
      outcome = err instanceof Error ? err.message : String(err);
    }
    options.logger?.warn({ transactionReference: transaction.transactionReference, status: transaction.status, outcome }, 'Ozow stand-in notification not accepted');
  }

  /** GetTransactionByReference as Ozow answers it: every attempt for the reference, 401 without the API key. */
  function statusAnswer(path: string, query: URLSearchParams, apiKey: string | null): { status: number; body: unknown } {
    if (!path.endsWith('/GetTransactionByReference')) return { status: 404, body: { message: 'Not found' } };
    if (!apiKey || !sameText(options.apiKey, apiKey)) {
      return { status: 401, body: { message: 'Authorization has been denied for this request.' } };
    }
    const reference = query.get('transactionReference') ?? '';
    if (query.get('siteCode') !== options.siteCode || !reference) return { status: 200, body: [] };
    const wantsTest = query.get('isTest') === 'true';
    return { status: 200, body: (byReference.get(reference) ?? []).filter((t) => t.isTest === wantsTest) };
  }

  const inProcessFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    const { status, body } = statusAnswer(url.pathname, url.searchParams, headers.get('apikey'));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };

  function layout(title: string, shopName: string, body: string): string {
    return paymentPageLayout({ title, shopName, label: OZOW_FAKE_LABEL, body });
  }

  function problem(reply: FastifyReply, shopName: string, message: string): FastifyReply {
    return sendPaymentPage(
      reply,
      400,
      layout(`Payment request refused – ${shopName}`, shopName, `<h1>Ozow refused this payment request</h1>
<p>${escapeHtml(message)}</p>
<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`),
    );
  }

  /** The page Ozow shows: the amount, a bank to pay from, Pay and Cancel; the signed fields ride along. */
  function paymentPage(fields: Record<string, string>, shopName: string): string {
    const amount = escapeHtml(formatRand(parseRandToCents(fields.Amount!)!));
    const hidden = Object.entries(fields)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('\n');
    const banks = BANKS.map((bank) => `<option>${escapeHtml(bank)}</option>`).join('');
    return layout(`Pay ${formatRand(parseRandToCents(fields.Amount!)!)} by Instant EFT – ${shopName}`, shopName, `<h1>Pay ${escapeHtml(shopName)} by Instant EFT</h1>
<p class="muted">Reference on your statement: ${escapeHtml(fields.BankReference ?? '')}</p>
<p class="amount">${amount}</p>
<form method="post" action="${OZOW_FAKE_PAY_PATH}/pay">
${hidden}
<p><label for="bank">Your bank</label><br><select id="bank" name="bank">${banks}</select></p>
<div class="actions">
<button class="pay" type="submit">Pay ${amount}</button>
<button class="cancel" type="submit" formaction="${OZOW_FAKE_PAY_PATH}/cancel">Cancel and return to the shop</button>
</div>
</form>`);
  }

  function registerRoutes(app: FastifyInstance, shopName: string): void {
    void app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      scope.post(OZOW_FAKE_PAY_PATH, async (request, reply) => {
        const read = readRequest(request.body);
        if ('problem' in read) return problem(reply, shopName, read.problem);
        return sendPaymentPage(reply, 200, paymentPage(read.fields, shopName));
      });

      scope.post(`${OZOW_FAKE_PAY_PATH}/pay`, async (request, reply) => {
        const read = readRequest(request.body);
        if ('problem' in read) return problem(reply, shopName, read.problem);
        const { fields } = read;
        // A second press of Pay (or a reload) lands where the first did, without paying twice.
        const paid = byReference.get(fields.TransactionReference!)?.some((t) => t.status === 'Complete');
        if (!paid) {
          const transaction = record(fields, 'Complete');
          options.logger?.info({ transactionReference: transaction.transactionReference, transactionId: transaction.transactionId }, 'Ozow stand-in payment complete');
          await notify(fields, transaction);
        }
        return reply.redirect(fields.SuccessUrl!, 303);
      });

      scope.post(`${OZOW_FAKE_PAY_PATH}/cancel`, async (request, reply) => {
        const read = readRequest(request.body);
        if ('problem' in read) return problem(reply, shopName, read.problem);
        await notify(read.fields, record(read.fields, 'Cancelled'));
        return reply.redirect(read.fields.CancelUrl!, 303);
      });
    });

    app.get(`${OZOW_FAKE_API_PATH}/*`, async (request, reply) => {
      const url = new URL(request.url, 'http://shop.invalid');
      const apiKey = request.headers.apikey;
      const { status, body } = statusAnswer(url.pathname, url.searchParams, typeof apiKey === 'string' ? apiKey : null);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    });
  }

  return { fetch: inProcessFetch, registerRoutes };
}
