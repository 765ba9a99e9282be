/**
 * 50 shoppers checking out and paying at once, on PGlite and on a PostgreSQL server: how fast the
 * orders come, and whether every payment made exactly one order. See docs/decisions/0003-benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { PAXI_STANDARD, collectionFeeCents } from '../src/shared/shop-facts';
import { attempt, errorMessage, type Outcome } from './outcome';
import { findPostgres, withFreshDatabase } from './postgres';
import { startShop, type ChildServer } from './servers';

const CHECKOUT_SHOPPERS = 50;
/** The read phase runs this many times before the checkout phase and as many after it. */
const READ_ROUNDS_EACH_SIDE = 3;
/** How long, after the phase, paid shoppers keep asking verify before a missing order counts as lost. */
const SETTLE_DEADLINE_MS = 10_000;
const SETTLE_POLL_MS = 250;
/** Sign-ups hash passwords (scrypt); a few at a time keeps the untimed preparation short on two cores. */
const PREPARE_CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 60_000;
const MAILBOX_TIMEOUT_MS = 30_000;
const MAILBOX_POLL_MS = 150;
/** Places the sample pickup points cover, so the shoppers collect all over the country. */
const COURIER_ADDRESSES = [
  { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' },
  { street: '5 Rivonia Road', suburb: 'Sandton', city: 'Johannesburg', province: 'Gauteng', postalCode: '2196', company: 'Sandton High School' },
  { street: '20 Florida Road', suburb: 'Morningside', city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001', instructions: 'Reception' },
] as const;
const PICKUP_ADDRESSES = ['Sea Point, Cape Town', 'Sandton, Johannesburg', 'Stellenbosch', '7441', 'Soweto, Johannesburg', 'Umhlanga, Durban'];
const PASSWORD = 'bench-checkout-1';
/**
 * The checkout section's shops offer every way to pay, on the stand-ins, and the shoppers take them
 * in turn: card (the sandbox), PayFast, Ozow and bank transfer. The flash sale pays by card.
 */
const EVERY_WAY_TO_PAY = { PAYMENT_PROVIDERS: 'sandbox,payfast,ozow,eft', PAYFAST_URL: 'fake', OZOW_URL: 'fake', EFT_ACCOUNT_NAME: 'Bench Flags (Pty) Ltd', EFT_BANK: 'First National Bank', EFT_ACCOUNT_NUMBER: '62800000001', EFT_BRANCH_CODE: '250655' };
const WAYS_TO_PAY = ['sandbox', 'payfast', 'ozow', 'eft'] as const;
type WayToPay = (typeof WAYS_TO_PAY)[number];
const STEPS = ['create-checkout', 'pay', 'complete', 'verify', 'settle verify', 'read'] as const;
type Step = (typeof STEPS)[number];

export interface CheckoutSettings {
  /** A PostgreSQL server to create the bench's database on; without it the local default is tried. */
  databaseUrl: string | undefined;
}

export interface CheckoutRun {
  /** Where the data lived, e.g. "PGlite in a fresh DATA_DIR". */
  database: string;
  /** Shop processes sharing the database, the shoppers spread evenly over them. */
  processes: number;
  shoppers: number;
  /** Lines in the shoppers' carts before checkout (1 to 3 flags each). */
  cartLines: number;
  /** How many shoppers paid each way ({ sandbox: 13, payfast: 13, … }). */
  waysToPay: Partial<Record<WayToPay, number>>;
  /** From the first create-checkout sent to the last return answered. */
  phaseMs: number;
  ordersPerSec: number;
  /** One shopper: create-checkout sent until both return calls have answered. */
  shopperMs: { p50: number; p99: number };
  /** Median time of each part of one shopper's checkout: where the time goes. */
  stepP50Ms: { createCheckout: number; pay: number; return: number };
  /** The read phase of each round, in order: READ_ROUNDS_EACH_SIDE before the checkout phase, as many after. */
  readPhaseMs: number[];
  readPhaseMedianMs: number;
  /** Checkout phase time / median read phase time. */
  ratio: number;
  /** Shoppers whose Pay on the provider's page answered its 303 to the shop, or whose bank transfer was ordered. */
  paid: number;
  /** Shoppers whose return answers (complete or verify) named their order within the phase. */
  orderedInPhase: number;
  /** Shoppers whose order was first named by the settle poll. */
  orderedWhileSettling: number;
  settleMs: number;
  /** Orders in the shoppers' order lists (GET /api/profile/orders), all together. */
  orders: number;
  /** Of which a courier brings to the door (the others are collected at PAXI points). */
  courierOrders: number;
  /** How many shoppers have 0, 1 and more than 1 order in their list. */
  shoppersByOrders: { none: number; one: number; more: number };
  /** Orders beyond one per paid checkout. */
  duplicates: number;
  /** Paid (or ordered by bank transfer), but no order after the phase and the settle poll. */
  lostPayments: number;
  /** Orders whose total is not what the shopper's checkout was for. */
  wrongTotals: number;
  /** Unexpected answers (non-2xx; for Pay anything but its 303) and failed requests, by step. */
  errors: Partial<Record<Step, number>>;
  errorSamples: string[];
  /** Warnings and errors in the server's log during the whole run, by message. */
  serverLog: { level: 'warn' | 'error'; message: string; count: number }[];
}

interface CheckoutTarget {
  name: 'PGlite' | 'PostgreSQL' | 'PostgreSQL, two processes';
  outcome: Outcome<CheckoutRun>;
}

export interface CheckoutResult {
  /** What the shoppers met: '' for the catalogue as it starts, or how the flash sale's stock is counted. */
  stock: string;
  targets: CheckoutTarget[];
}

/** How many shoppers, on how many processes, and whether the flags' stock is counted (so every checkout takes stock). */
interface Crowd {
  shoppers: number;
  processes: number;
  /** The shoppers take every way to pay in turn; otherwise they all pay by card. */
  everyWayToPay?: boolean;
  /** Set on every flag before the sale: each checkout then locks and takes stock. Undefined: stock not counted. */
  stockPerFlag?: number;
}

export const FLASH_SALE: Required<Crowd> = { shoppers: 500, processes: 2, stockPerFlag: 1_000, everyWayToPay: false };

export async function measureCheckout(settings: CheckoutSettings, progress: (line: string) => void): Promise<CheckoutResult> {
  const crowd = { shoppers: CHECKOUT_SHOPPERS, processes: 1, everyWayToPay: true };
  const targets: CheckoutTarget[] = [];
  progress('checkout: PGlite');
  targets.push({ name: 'PGlite', outcome: await attempt(() => onPglite(progress)) });
  progress('checkout: PostgreSQL');
  targets.push({ name: 'PostgreSQL', outcome: await onPostgres(settings, crowd, progress) });
  return { stock: '', targets };
}

/** A match-day sale: hundreds of shoppers pay at once, spread over two shop processes on one PostgreSQL, every flag's stock counted. */
export async function measureFlashSale(settings: CheckoutSettings, progress: (line: string) => void): Promise<CheckoutResult> {
  progress(`flash sale: ${FLASH_SALE.shoppers} shoppers on ${FLASH_SALE.processes} processes`);
  return {
    stock: `every flag has ${FLASH_SALE.stockPerFlag} in stock, so each checkout takes counted stock`,
    targets: [{ name: 'PostgreSQL, two processes', outcome: await onPostgres(settings, FLASH_SALE, progress) }],
  };
}

async function onPglite(progress: (line: string) => void): Promise<CheckoutRun> {
  const shop = await startShop({ env: EVERY_WAY_TO_PAY });
  try {
    return await runAgainst([shop], CHECKOUT_SHOPPERS, 'PGlite in a fresh DATA_DIR', progress, true);
  } finally {
    await shop.stop();
  }
}

async function onPostgres(settings: CheckoutSettings, crowd: Crowd, progress: (line: string) => void): Promise<Outcome<CheckoutRun>> {
  const server = await findPostgres(settings.databaseUrl);
  if ('skipped' in server) return { status: 'skipped', reason: server.skipped };
  return attempt(() =>
    withFreshDatabase(server, 'bench_checkout', async (databaseUrl, name) => {
      const shops: ChildServer[] = [];
      try {
        // One secret for all processes, as behind a load balancer: a cookie from one is good at the other.
        const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString('base64'), ...(crowd.everyWayToPay ? EVERY_WAY_TO_PAY : {}) };
        // The first process migrates and seeds; the others start on the ready database.
        shops.push(await startShop({ env }));
        if (crowd.stockPerFlag !== undefined) await countStock(databaseUrl, crowd.stockPerFlag);
        while (shops.length < crowd.processes) shops.push(await startShop({ env }));
        const where = `PostgreSQL ${server.version} at ${new URL(databaseUrl).host}, fresh database ${name}`;
        return await runAgainst(shops, crowd.shoppers, crowd.processes > 1 ? `${where}, ${crowd.processes} shop processes` : where, progress, crowd.everyWayToPay ?? false);
      } finally {
        for (const shop of shops) await shop.stop();
      }
    }),
  );
}

/** Every flag gets a counted stock, as an owner sets it before a sale; the catalogue is marked changed like the order desk does. */
async function countStock(databaseUrl: string, perFlag: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('UPDATE product_sizes SET stock_quantity = $1', [perFlag]);
    await client.query('INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1');
  } finally {
    await client.end();
  }
}

interface Shopper {
  index: number;
  /** The shop process this shopper's browser talks to, spread evenly as a load balancer would. */
  client: ShopClient;
  email: string;
  /** Each shopper comes from its own address: sign-ups are limited per IP address. */
  ip: string;
  cookie: string;
  cartId: string;
  /** Every other shopper has a courier bring the flags; the rest collect at a PAXI point. */
  delivery: { method: 'paxi'; pointId: string } | { method: 'courier'; address: (typeof COURIER_ADDRESSES)[number] };
  amountCents: number;
  lines: number;
  wayToPay: WayToPay;
}

interface Answer {
  status: number;
  body: unknown;
  setCookies: string[];
}

/** What one shopper's timed checkout gave. */
interface ShopperOutcome {
  checkoutId?: string;
  paid: boolean;
  orderNumber?: string;
  ms?: number;
  /** create-checkout, Pay and the return (both answers), one after the other. */
  stepMs?: [number, number, number];
}

/** Unexpected answers of a run, counted over all its shop processes. */
class Tally {
  readonly errors: Partial<Record<Step, number>> = {};
  readonly errorSamples: string[] = [];

  count(step: Step, sample: string): void {
    this.errors[step] = (this.errors[step] ?? 0) + 1;
    if (this.errorSamples.length < 8) this.errorSamples.push(sample);
  }

  clear(): void {
    for (const step of STEPS) delete this.errors[step];
    this.errorSamples.length = 0;
  }
}

/** An HTTP client that speaks to one shop process as the browser does: its Origin, the session cookie, the client's address. */
class ShopClient {
  constructor(
    readonly baseUrl: string,
    private readonly tally: Tally,
  ) {}

  /** 'form': an empty form post (the sandbox's buttons); URLSearchParams: a form post of those fields. */
  async call(method: 'GET' | 'POST', path: string, from: { ip: string; cookie?: string }, body?: object | 'form' | URLSearchParams): Promise<Answer> {
    const headers: Record<string, string> = { origin: this.baseUrl, 'x-forwarded-for': from.ip };
    if (from.cookie) headers.cookie = from.cookie;
    const form = body === 'form' || body instanceof URLSearchParams;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    else if (body) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === 'form' ? '' : body instanceof URLSearchParams ? body.toString() : body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML (the sandbox page) or an empty body.
    }
    return { status: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
  }

  /** A setup call that must succeed: anything else stops the measurement. Answers the body. */
  async expect<T>(method: 'GET' | 'POST', path: string, from: { ip: string; cookie?: string }, body?: object): Promise<T> {
    const answer = await this.call(method, path, from, body);
    if (!is2xx(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${snippet(answer.body)}`);
    return answer.body as T;
  }

  /** A timed call: an unexpected answer or a failed request is counted, never thrown. */
  async step(
    step: Step,
    ok: (status: number) => boolean,
    method: 'GET' | 'POST',
    path: string,
    from: { ip: string; cookie?: string },
    body?: object | 'form' | URLSearchParams,
  ): Promise<Answer | undefined> {
    try {
      const answer = await this.call(method, path, from, body);
      if (ok(answer.status)) return answer;
      this.tally.count(step, `${step}: ${method} ${path} answered ${answer.status}: ${snippet(answer.body)}`);
      return answer;
    } catch (err) {
      this.tally.count(step, `${step}: ${method} ${path} failed: ${errorMessage(err)}`);
      return undefined;
    }
  }
}

const is2xx = (status: number) => status >= 200 && status < 300;

function snippet(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

interface MailWaiter {
  resolve(link: URL): void;
  reject(err: Error): void;
  deadline: number;
}

/**
 * One reader of /dev/mailbox.json for all shoppers waiting for their verification email: it lists
 * the newest messages with their bodies, so one poll serves every waiter.
 */
class Mailbox {
  private readonly waiting = new Map<string, MailWaiter>();
  private polling = false;

  constructor(private readonly client: ShopClient) {}

  verificationLink(email: string): Promise<URL> {
    const link = new Promise<URL>((resolve, reject) => this.waiting.set(email, { resolve, reject, deadline: Date.now() + MAILBOX_TIMEOUT_MS }));
    if (!this.polling) void this.poll();
    return link;
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiting.size > 0) {
        const { messages } = await this.client.expect<{ messages: { to: string; text: string }[] }>('GET', '/dev/mailbox.json', { ip: '127.0.0.1' });
        for (const message of messages) {
          const waiter = this.waiting.get(message.to);
          const link = /https?:\/\/\S+\/verify-email\?\S+/.exec(message.text);
          if (!waiter || !link) continue;
          this.waiting.delete(message.to);
          waiter.resolve(new URL(link[0]));
        }
        for (const [email, waiter] of this.waiting) {
          if (Date.now() < waiter.deadline) continue;
          this.waiting.delete(email);
          waiter.reject(new Error(`no verification email for ${email} in the dev mailbox after ${MAILBOX_TIMEOUT_MS / 1000} s`));
        }
        if (this.waiting.size > 0) await sleep(MAILBOX_POLL_MS);
      }
    } catch (err) {
      for (const waiter of this.waiting.values()) waiter.reject(new Error(`reading the dev mailbox failed: ${errorMessage(err)}`));
      this.waiting.clear();
    } finally {
      this.polling = false;
    }
  }
}

/** A flag and the ids of its sizes on sale, the main size first. */
interface ProductSummary {
  id: string;
  sizeIds: string[];
}

/** Sign-up, the emailed link, a cart of 1-3 lines (mixed sizes) and a pickup point: everything before Checkout (not timed). */
async function prepareShopper(client: ShopClient, mailbox: Mailbox, products: ProductSummary[], index: number, runTag: string, wayToPay: WayToPay): Promise<Shopper> {
  const ip = `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const email = `bench-${runTag}-${index}@example.co.za`;
  const signUp = await client.call('POST', '/api/auth/sign-up/email', { ip }, { name: `Bench Shopper ${index}`, email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up of shopper ${index} answered ${signUp.status}: ${snippet(signUp.body)}`);

  // Sign-up signs nobody in: the emailed link verifies the address and signs the shopper in.
  const link = await mailbox.verificationLink(email);
  const verified = await client.call('GET', `/api/auth/verify-email${link.search}`, { ip });
  const session = verified.setCookies.find((c) => c.startsWith('better-auth.session_token='));
  if (verified.status >= 400 || !session) {
    throw new Error(`verifying shopper ${index} answered ${verified.status} without a session cookie: ${snippet(verified.body)}`);
  }
  const cookie = session.split(';')[0]!;

  const me = { ip, cookie };
  const { sessionId } = await client.expect<{ sessionId: string }>('POST', '/api/cart/claim', me, {});
  const lines = 1 + (index % 3);
  for (let line = 0; line < lines; line++) {
    const product = products[(index * 7 + line * 13) % products.length]!;
    // Sizes mixed across shoppers and lines: a flag's main size, its 90 × 60 cm, its desk flag.
    const sizeId = product.sizeIds[(index + line) % product.sizeIds.length];
    await client.expect('POST', '/api/cart', me, { sessionId, productId: product.id, sizeId, quantity: 1 + ((index + line) % 2) });
  }
  // The total as the checkout page shows it: the cart's subtotal and the collection fee or the courier's economy price.
  const cart = await client.expect<{ subtotalCents: number; itemCount: number }>('GET', `/api/cart/${sessionId}`, me);
  const base = { index, client, email, ip, cookie, cartId: sessionId, lines, wayToPay };
  if (index % 2 === 1) {
    const address = COURIER_ADDRESSES[index % COURIER_ADDRESSES.length]!;
    const { rates } = await client.expect<{ rates: { serviceLevel: string; priceCents: number }[] }>('POST', '/api/delivery/courier-rates', me, { address });
    const economy = rates.find((rate) => rate.serviceLevel === 'economy');
    if (!economy) throw new Error(`no economy courier rate to ${address.suburb}`);
    return { ...base, delivery: { method: 'courier', address }, amountCents: cart.subtotalCents + economy.priceCents };
  }
  const address = PICKUP_ADDRESSES[index % PICKUP_ADDRESSES.length]!;
  const { paxiPoints } = await client.expect<{ paxiPoints: { id: string }[] }>('POST', '/api/paxi-points', me, { address, radiusKm: 8 });
  const point = paxiPoints[0];
  if (!point) throw new Error(`no pickup point near ${address}`);
  return { ...base, delivery: { method: 'paxi', pointId: point.id }, amountCents: cart.subtotalCents + collectionFeeCents(PAXI_STANDARD, cart.itemCount) };
}

function checkoutBody(shopper: Shopper): object {
  return {
    paymentMethod: shopper.wayToPay,
    amount: shopper.amountCents,
    currency: 'ZAR',
    metadata: {
      customerInfo: { firstName: 'Bench', lastName: `Shopper ${shopper.index}`, email: shopper.email, phone: '082 123 4567' },
      ...(shopper.delivery.method === 'courier'
        ? { deliveryMethod: 'courier', courier: { serviceLevel: 'economy', address: shopper.delivery.address } }
        : { deliveryMethod: 'paxi', deliverySpeed: PAXI_STANDARD.method, paxiPoint: { id: shopper.delivery.pointId } }),
    },
  };
}

interface Verification {
  status?: string;
  orderNumber?: string | null;
}

/** The first form on a page: where it posts and its hidden fields (the hand-over pages and the stand-ins' Pay). */
function firstForm(html: unknown): { action: string; fields: URLSearchParams } | undefined {
  if (typeof html !== 'string') return undefined;
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return undefined;
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replaceAll('&amp;', '&');
  const fields = new URLSearchParams([...form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [unescape(name!), unescape(value!)]));
  return { action: new URL(unescape(form[1]!), 'http://shop.invalid').pathname, fields };
}

/**
 * Pay on the provider's page as a browser would: the sandbox's Pay button; or the shop's hand-over
 * page, the stand-in's page it posts to and its Pay button (PayFast, Ozow). A bank transfer has no
 * page: its order is placed with the checkout. True once the page answered its 303 back to the shop.
 */
async function payOnPage(shopper: Shopper, redirectUrl: string): Promise<boolean> {
  const { client } = shopper;
  const from = { ip: shopper.ip };
  const url = new URL(redirectUrl);
  if (shopper.wayToPay === 'eft') return true;
  if (shopper.wayToPay === 'sandbox') return (await client.step('pay', (status) => status === 303, 'POST', `${url.pathname}/pay`, from, 'form'))?.status === 303;
  const handOver = firstForm((await client.step('pay', is2xx, 'GET', `${url.pathname}${url.search}`, from))?.body);
  if (!handOver) return false;
  const page = firstForm((await client.step('pay', is2xx, 'POST', handOver.action, from, handOver.fields))?.body);
  if (!page) return false;
  return (await client.step('pay', (status) => status === 303, 'POST', page.action, from, page.fields))?.status === 303;
}

/** Checkout, Pay on the provider's page, and the return: complete and verify at once, racing the provider's notification. */
async function checkOut(shopper: Shopper): Promise<ShopperOutcome> {
  const { client } = shopper;
  const started = performance.now();
  const created = await client.step('create-checkout', is2xx, 'POST', '/api/payments/yoco/create-checkout', shopper, checkoutBody(shopper));
  const { id, redirectUrl } = (created && is2xx(created.status) ? created.body : {}) as { id?: string; redirectUrl?: string };
  if (!id || !redirectUrl) return { paid: false };

  const createdAt = performance.now();
  // The payment page is the provider's: the shop's session cookie is not sent there.
  if (!(await payOnPage(shopper, redirectUrl))) return { checkoutId: id, paid: false };
  const paidAt = performance.now();

  // The success page completes and verifies; a bank transfer's buyer lands on the order's page instead.
  const [completed, verified] = await Promise.all([
    shopper.wayToPay === 'eft' ? undefined : client.step('complete', is2xx, 'POST', '/api/payments/complete', shopper, { checkoutId: id, sessionId: shopper.cartId }),
    client.step('verify', is2xx, 'GET', `/api/payments/yoco/verify/${id}`, shopper),
  ]);
  const returnedAt = performance.now();
  const fromComplete = completed && is2xx(completed.status) ? (completed.body as { order?: { orderNumber?: string } }).order?.orderNumber : undefined;
  const fromVerify = verified && is2xx(verified.status) ? ((verified.body as Verification).orderNumber ?? undefined) : undefined;
  return {
    checkoutId: id,
    paid: true,
    orderNumber: fromComplete ?? fromVerify,
    ms: returnedAt - started,
    stepMs: [createdAt - started, paidAt - createdAt, returnedAt - paidAt],
  };
}

/** The same shoppers, the same number of requests in the same shape as checkOut, each a plain authenticated read. */
async function readProfile(shopper: Shopper): Promise<void> {
  const read = () => shopper.client.step('read', is2xx, 'GET', '/api/profile', shopper);
  await read();
  await read();
  await Promise.all([read(), read()]);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Paid shoppers without an order ask verify, as the success page would, until it says completed or the deadline passes. */
async function settle(shoppers: Shopper[], outcomes: ShopperOutcome[]): Promise<{ ms: number; ordered: number }> {
  const started = performance.now();
  const deadline = Date.now() + SETTLE_DEADLINE_MS;
  let ordered = 0;
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      const outcome = outcomes[i]!;
      if (!outcome.paid || !outcome.checkoutId || outcome.orderNumber) return;
      while (Date.now() < deadline) {
        const answer = await shopper.client.step('settle verify', is2xx, 'GET', `/api/payments/yoco/verify/${outcome.checkoutId}`, shopper);
        const verification = (answer && is2xx(answer.status) ? answer.body : {}) as Verification;
        if ((verification.status === 'completed' || verification.status === 'ordered') && verification.orderNumber) {
          outcome.orderNumber = verification.orderNumber;
          ordered += 1;
          return;
        }
        await sleep(SETTLE_POLL_MS);
      }
    }),
  );
  return { ms: performance.now() - started, ordered };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  }
  return results;
}

async function runAgainst(shops: ChildServer[], shopperCount: number, database: string, progress: (line: string) => void, everyWayToPay: boolean): Promise<CheckoutRun> {
  const tally = new Tally();
  const clients = shops.map((shop) => new ShopClient(shop.baseUrl, tally));
  // The dev mailbox is in the database: any process reads every shopper's email.
  const mailbox = new Mailbox(clients[0]!);
  const runTag = randomBytes(3).toString('hex');
  const listed = await clients[0]!.expect<{ id: string; slug: string }[]>('GET', '/api/products', { ip: '127.0.0.1' });
  if (listed.length === 0) throw new Error('GET /api/products listed no products');
  const products: ProductSummary[] = [];
  for (const { id, slug } of listed) {
    const { sizes } = await clients[0]!.expect<{ sizes: { id: string }[] }>('GET', `/api/products/${slug}`, { ip: '127.0.0.1' });
    products.push({ id, sizeIds: sizes.map((size) => size.id) });
  }

  progress(`checkout: preparing ${shopperCount} verified shoppers with full carts (not timed)`);
  // One more shopper per process than measured goes through a whole checkout first, so the first-call
  // costs of those routes (compiling, first queries) are not in the timed phase. Their orders are not counted.
  const everyone = await inBatches([...Array(shopperCount + clients.length).keys()], PREPARE_CONCURRENCY, (i) =>
    prepareShopper(clients[i % clients.length]!, mailbox, products, i, runTag, everyWayToPay ? WAYS_TO_PAY[i % WAYS_TO_PAY.length]! : 'sandbox'),
  );
  const warmUps = everyone.splice(shopperCount);
  const shoppers = everyone;
  for (const warmUp of warmUps) {
    const warmOutcome = await checkOut(warmUp);
    await readProfile(warmUp);
    if (!warmOutcome.orderNumber) {
      throw new Error(`a warm-up shopper's checkout made no order (errors: ${JSON.stringify(tally.errors)}; ${tally.errorSamples.join(' | ')})`);
    }
  }
  tally.clear();

  const readPhaseMs: number[] = [];
  const readRounds = async (when: string) => {
    for (let round = 0; round < READ_ROUNDS_EACH_SIDE; round++) {
      progress(`checkout: read phase ${when} (${round + 1}/${READ_ROUNDS_EACH_SIDE})`);
      readPhaseMs.push(await timed(() => Promise.all(shoppers.map((shopper) => readProfile(shopper)))));
    }
  };
  await readRounds('before');

  progress(`checkout: ${shopperCount} shoppers check out and pay at once`);
  let outcomes: ShopperOutcome[] = [];
  const phaseMs = await timed(async () => {
    outcomes = await Promise.all(shoppers.map((shopper) => checkOut(shopper)));
  });
  const orderedInPhase = outcomes.filter((o) => o.orderNumber).length;

  progress('checkout: settling and counting orders');
  const settled = await settle(shoppers, outcomes);
  // Counted at once, so an order made later (a webhook retry, the reconciliation) still counts as lost.
  const lists = await inBatches(shoppers, PREPARE_CONCURRENCY, (shopper) =>
    shopper.client.expect<{ orders: { orderNumber: string; totalCents: number; destination: string }[] }>('GET', '/api/profile/orders', shopper),
  );
  await readRounds('after');

  let orders = 0;
  let courierOrders = 0;
  let duplicates = 0;
  let lostPayments = 0;
  let wrongTotals = 0;
  const shoppersByOrders = { none: 0, one: 0, more: 0 };
  lists.forEach(({ orders: own }, i) => {
    const paid = outcomes[i]!.paid ? 1 : 0;
    orders += own.length;
    courierOrders += own.filter((order) => order.destination.startsWith('Courier to')).length;
    shoppersByOrders[own.length === 0 ? 'none' : own.length === 1 ? 'one' : 'more'] += 1;
    duplicates += Math.max(0, own.length - paid);
    if (paid && own.length === 0) lostPayments += 1;
    wrongTotals += own.filter((order) => order.totalCents !== shoppers[i]!.amountCents).length;
  });

  const readPhaseMedianMs = median(readPhaseMs);
  const shopperMs = outcomes.flatMap((o) => (o.ms === undefined ? [] : [o.ms]));
  const stepP50 = (step: 0 | 1 | 2) => median(outcomes.flatMap((o) => (o.stepMs ? [o.stepMs[step]] : [])));
  return {
    database,
    processes: shops.length,
    shoppers: shoppers.length,
    cartLines: shoppers.reduce((sum, s) => sum + s.lines, 0),
    waysToPay: Object.fromEntries(WAYS_TO_PAY.map((way) => [way, shoppers.filter((s) => s.wayToPay === way).length]).filter(([, count]) => count !== 0)),
    phaseMs,
    ordersPerSec: orderedInPhase / (phaseMs / 1000),
    shopperMs: { p50: percentile(shopperMs, 50), p99: percentile(shopperMs, 99) },
    stepP50Ms: { createCheckout: stepP50(0), pay: stepP50(1), return: stepP50(2) },
    readPhaseMs,
    readPhaseMedianMs,
    ratio: phaseMs / readPhaseMedianMs,
    paid: outcomes.filter((o) => o.paid).length,
    orderedInPhase,
    orderedWhileSettling: settled.ordered,
    settleMs: settled.ms,
    orders,
    courierOrders,
    shoppersByOrders,
    duplicates,
    lostPayments,
    wrongTotals,
    errors: tally.errors,
    errorSamples: tally.errorSamples,
    serverLog: serverLogProblems(shops.map((shop) => shop.logFile)),
  };
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest rank; with 50 values p99 is the slowest one. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** pino's JSON lines at warn (40) and above, grouped by message (with the error's own message when there is one). */
function serverLogProblems(logFiles: string[]): CheckoutRun['serverLog'] {
  const counts = new Map<string, { level: 'warn' | 'error'; message: string; count: number }>();
  for (const line of logFiles.flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 40) continue;
    const level = (entry.level ?? 0) >= 50 ? 'error' : 'warn';
    const message = [entry.msg, entry.err?.message].filter(Boolean).join(': ');
    const key = `${level} ${message}`;
    const seen = counts.get(key) ?? { level, message, count: 0 };
    seen.count += 1;
    counts.set(key, seen);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}
