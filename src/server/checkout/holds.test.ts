import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { checkouts, rateLimits } from '../db/schema';
import { outboxEmails, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { signedIn } from '../testing/test-admin';
import { shopHelpers, type Shopper } from '../testing/test-orders';
import { startYocoFake, yocoSettings, type YocoFake } from '../testing/yoco-fake';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import type { AdminOrder, AdminOrderDetail } from '../../shared/order-desk';
import type { DiscountCodeView } from '../../shared/discounts';
import { setMainSize, mainSizeOf } from '../testing/main-size';

/*
 * What a checkout holds (its counted flags, its use of a discount code) is held while its payment
 * page can be paid: the sandbox closes a page that a newer checkout or a cancel replaces, Yoco
 * cannot, so its pages keep their holds until they expire. A payment that still comes for a page
 * whose hold was given back is honoured and marked on the order desk and in the digest.
 */

const ADMIN = 'holds-desk@example.co.za';
const DESK = 'orders@example.co.za';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

interface Page {
  id: string;
  redirectUrl: string;
}

function holdsSuite(t: () => TestApp) {
  const shop = shopHelpers(t);
  let admin = '';
  let pointId = '';

  const desk = (method: 'GET' | 'POST', url: string, cookie = admin, payload?: object) =>
    t().app.inject({ method, url, payload, headers: { origin: 'http://shop.test', cookie } });

  /** What the shopper's cart costs with PAXI Standard collection, less `off`. */
  const amountFor = async (shopper: Shopper, off = 0) =>
    (await shop.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>().subtotalCents + PAXI_STANDARD_FEE_CENTS - off;

  /** POST create-checkout for the shopper's cart, PAXI Standard, with the browser's total and code. */
  function checkout(shopper: Shopper, amount: number, code?: string) {
    const body = shop.checkoutBody(amount, pointId);
    return shop.createCheckout(shopper, { ...body, metadata: { ...body.metadata, ...(code ? { discountCode: code } : {}) } });
  }

  /** A payment page for the cart, `off` taken off by `code`. */
  async function open(shopper: Shopper, code?: string, off = 0): Promise<Page> {
    const res = await checkout(shopper, await amountFor(shopper, off), code);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  }

  return {
    shop,
    desk,
    amountFor,
    checkout,
    open,
    async start() {
      admin = await signedIn(t(), { name: 'Holds Desk', email: ADMIN, password: 'holds-desk-1' });
      pointId = (await shop.nearestPoint()).id;
    },
    async makeCode(body: object) {
      const res = await desk('POST', '/api/admin/discount-codes', admin, body);
      expect(res.statusCode, res.body).toBe(201);
    },
    async codeFigures(code: string) {
      return (await desk('GET', '/api/admin/discount-codes')).json<{ codes: DiscountCodeView[] }>().codes.find((c) => c.code === code)!;
    },
    setStock: (slug: string, stockQuantity: number | null) => setMainSize(t().database.db, slug, { stockQuantity }),
    stockOf: async (slug: string) => (await mainSizeOf(t().database.db, slug)).stockQuantity,
    async shopperWith(label: string, slug: string): Promise<Shopper> {
      const shopper = await shop.signUp(label);
      await shop.addToCart(shopper, slug, 1);
      return shopper;
    },
    /** Moves the checkout past its hour, as if it had been left that long. */
    async expire(id: string) {
      await t()
        .database.db.update(checkouts)
        .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000), expiresAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(checkouts.id, id));
    },
  };
}

describeShop('holds with the sandbox, which closes a replaced page,', { pickupPoints: true, env: { ADMIN_EMAILS: ADMIN } }, (shop) => {
  const s = holdsSuite(() => shop.testApp);
  const payPage = (page: Page) => s.shop.inject('POST', `${new URL(page.redirectUrl).pathname}/pay`);

  beforeAll(async () => {
    await s.start();
  });
  beforeEach(async () => {
    await shop.db.delete(rateLimits);
    await s.setStock('kenya', null);
  });

  it('lets one shopper who opens five payment pages with a 1-per-customer code pay with it once: each new page closes the one before', async () => {
    await s.makeCode({ code: 'ONCE-EACH', kind: 'percent', percent: 10, usesPerCustomer: 1 });
    const shopper = await s.shop.signUp('five-pages');
    const pages: Page[] = [];
    for (let flags = 1; flags <= 5; flags += 1) {
      await s.shop.addToCart(shopper, 'south-africa', 1);
      const subtotal = (await s.amountFor(shopper)) - PAXI_STANDARD_FEE_CENTS;
      pages.push(await s.open(shopper, 'ONCE-EACH', Math.round(subtotal / 10)));
    }
    const answers = [];
    for (const page of pages) answers.push((await payPage(page)).statusCode);
    expect(answers).toEqual([409, 409, 409, 409, 303]);
    expect((await s.shop.inject('GET', new URL(pages[0]!.redirectUrl).pathname)).body).toContain('This payment page is closed');
    expect((await s.shop.complete(shopper, pages[4]!.id)).statusCode).toBe(200);
    expect(await s.codeFigures('ONCE-EACH')).toMatchObject({ uses: 1, orders: 1 });
  });

  it('gives a 1-use code freed by a newer checkout without it to someone else only once the old page is closed', async () => {
    await s.makeCode({ code: 'ONE-USE', kind: 'amount', amountCents: 2_000, totalUses: 1 });
    const winner = await s.shopperWith('code-winner', 'south-africa');
    const old = await s.open(winner, 'ONE-USE', 2_000);
    await s.open(winner);

    const other = await s.shopperWith('code-taker', 'ghana');
    const taken = await s.open(other, 'ONE-USE', 2_000);
    expect((await payPage(taken)).statusCode).toBe(303);
    expect((await s.shop.complete(other, taken.id)).statusCode).toBe(200);

    const late = await payPage(old);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('The shop closed this payment page');
    expect(await s.shop.ordersOf(old.id)).toEqual([]);
    expect(await s.codeFigures('ONE-USE')).toMatchObject({ uses: 1, orders: 1 });
  });

  it('sells the last flag once when its shopper cancels: the cancelled page is closed before the flag is for sale again', async () => {
    await s.setStock('kenya', 1);
    const first = await s.shopperWith('flag-canceller', 'kenya');
    const old = await s.open(first);
    expect((await s.shop.inject('POST', `${new URL(old.redirectUrl).pathname}/cancel`)).statusCode).toBe(303);
    expect((await s.shop.inject('POST', '/api/payments/cancel', first.cookie, { checkoutId: old.id })).json()).toEqual({ status: 'cancelled' });
    expect(await s.stockOf('kenya')).toBe(1);

    const second = await s.shopperWith('flag-buyer', 'kenya');
    const bought = await s.open(second);
    expect((await payPage(bought)).statusCode).toBe(303);
    expect((await s.shop.complete(second, bought.id)).statusCode).toBe(200);

    expect((await payPage(old)).statusCode).toBe(409);
    expect(await s.shop.ordersOf(old.id)).toEqual([]);
    expect(await s.stockOf('kenya')).toBe(0);
  });

  it('keeps every hold of the earlier page when a new checkout is refused for a changed total', async () => {
    await s.setStock('kenya', 1);
    await s.makeCode({ code: 'KEEP-IT', kind: 'amount', amountCents: 2_000, totalUses: 1 });
    const winner = await s.shopperWith('total-changed', 'kenya');
    // The other shopper's cart is filled while the flag is still on the shelf.
    const other = await s.shopperWith('too-late', 'kenya');
    const held = await s.open(winner, 'KEEP-IT', 2_000);

    const refused = await s.checkout(winner, await s.amountFor(winner), 'KEEP-IT');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'cart_changed', expectedAmount: (await s.amountFor(winner)) - 2_000 });

    expect((await s.shop.inject('POST', '/api/checkout/discount', other.cookie, { code: 'KEEP-IT' })).json()).toEqual({
      message: 'This discount code has been used up.',
      code: 'discount_refused',
    });
    const soldOut = await s.checkout(other, await s.amountFor(other));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('Sorry, the Kenya flag in 150 × 90 cm is sold out. Please change the quantity in your cart and try again.');

    expect((await payPage(held)).statusCode).toBe(303);
    expect((await s.shop.complete(winner, held.id)).statusCode).toBe(200);
    expect((await s.shop.ordersOf(held.id))[0]).toMatchObject({ discountCode: 'KEEP-IT', oversold: [] });
  });
});

let yoco: YocoFake;
/** The shop's settings name the fake's address, so the fake starts first (once per database). */
const onYocoFake = async () => {
  yoco = await startYocoFake();
  return { pickupPoints: true, env: { ...yocoSettings(yoco, WEBHOOK_SECRET), ADMIN_EMAILS: ADMIN, ORDER_DESK_EMAIL: DESK } };
};

describeShop('holds with Yoco, whose pages cannot be closed,', onYocoFake, (shop) => {
  const s = holdsSuite(() => shop.testApp);
  const yocoIdOf = async (id: string) => (await shop.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!.providerCheckoutId!;
  const postWebhook = (signed: { headers: Record<string, string>; body: Buffer }) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
  const untilTime = /until (\d\d:\d\d)\. Pay on that page, or try again after \1\.$/;

  beforeAll(async () => {
    await s.start();
  });
  afterAll(async () => {
    await yoco?.close();
  });
  beforeEach(async () => {
    await shop.db.delete(rateLimits);
    await s.setStock('kenya', null);
  });

  it('keeps what a page holds until it expires: a cancel or a newer checkout frees nothing, and the same order again gets the same page', async () => {
    await s.setStock('kenya', 1);
    await s.makeCode({ code: 'YOCO-ONE', kind: 'amount', amountCents: 2_000, totalUses: 1 });
    const winner = await s.shopperWith('yoco-winner', 'kenya');
    const other = await s.shopperWith('yoco-other', 'kenya');
    const page = await s.open(winner, 'YOCO-ONE', 2_000);
    expect((await s.shop.inject('POST', '/api/payments/cancel', winner.cookie, { checkoutId: page.id })).json()).toEqual({ status: 'cancelled' });
    expect(await s.stockOf('kenya')).toBe(0);
    expect((await s.codeFigures('YOCO-ONE')).uses).toBe(1);
    expect(await s.open(winner, 'YOCO-ONE', 2_000)).toEqual(page);

    // A changed order cannot have what the open page holds, and says until when it is held.
    await s.shop.addToCart(winner, 'ghana', 1);
    const withCode = await s.checkout(winner, await s.amountFor(winner, 2_000), 'YOCO-ONE');
    expect(withCode.statusCode).toBe(400);
    expect(withCode.json().message).toMatch(new RegExp(`^Your earlier payment page still holds this discount code ${untilTime.source}`));
    const withoutCode = await s.checkout(winner, await s.amountFor(winner));
    expect(withoutCode.statusCode).toBe(409);
    expect(withoutCode.json()).toMatchObject({ code: 'out_of_stock', message: expect.stringMatching(new RegExp(`^Your earlier payment page still holds 1 Kenya flag in 150 × 90 cm ${untilTime.source}`)) });

    expect((await s.checkout(other, await s.amountFor(other, 2_000), 'YOCO-ONE')).json().message).toBe('This discount code has been used up.');
    expect((await s.checkout(other, await s.amountFor(other))).json().message).toBe('Sorry, the Kenya flag in 150 × 90 cm is sold out. Please change the quantity in your cart and try again.');

    yoco.markPaid(await yocoIdOf(page.id));
    expect((await s.shop.complete(winner, page.id)).statusCode).toBe(200);
    expect((await s.shop.ordersOf(page.id))[0]).toMatchObject({ discountCode: 'YOCO-ONE', oversold: [] });
    expect(await s.codeFigures('YOCO-ONE')).toMatchObject({ uses: 1, orders: 1 });
  });

  it('honours a payment by webhook for a page whose hold was given back, and marks the order on the desk and in the digest for the owner to settle', async () => {
    await s.setStock('kenya', 1);
    await s.makeCode({ code: 'LATE-ONE', kind: 'amount', amountCents: 2_000, totalUses: 1 });
    const late = await s.shopperWith('yoco-late', 'kenya');
    const page = await s.open(late, 'LATE-ONE', 2_000);
    // Past the shop's hour the reconciliation gives the flag and the code's use back, and another shopper takes both.
    await s.expire(page.id);
    expect((await shop.app.reconcileCheckouts()).expired).toBe(1);
    const other = await s.shopperWith('yoco-prompt', 'kenya');
    const prompt = await s.open(other, 'LATE-ONE', 2_000);
    yoco.markPaid(await yocoIdOf(prompt.id));
    expect((await s.shop.complete(other, prompt.id)).statusCode).toBe(200);

    // Yoco's page knew nothing of the shop's hour, and took the money.
    const yocoId = await yocoIdOf(page.id);
    const paid = yoco.markPaid(yocoId);
    expect((await postWebhook(yoco.signWebhook(WEBHOOK_SECRET, yoco.paymentSucceeded(yocoId)))).statusCode).toBe(200);
    await expect.poll(async () => (await s.shop.ordersOf(page.id)).length).toBe(1);
    const [order] = await s.shop.ordersOf(page.id);
    expect(order).toMatchObject({ paymentId: paid.paymentId, paymentStatus: 'paid', totalAmount: paid.amount, discountCode: 'LATE-ONE', discountCents: 2_000 });
    const marks = [
      { kind: 'stock', productName: expect.stringMatching(/^kenya$/i), sizeLabel: '150 × 90 cm', short: 1 },
      { kind: 'discount', code: 'LATE-ONE', limit: 'total', uses: 2, allowed: 1 },
    ];
    expect(order!.oversold).toEqual(marks);
    expect(await s.stockOf('kenya')).toBe(0);

    const listed = (await s.desk('GET', `/api/admin/orders?q=${order!.orderNumber}`)).json<AdminOrder[]>();
    expect(listed).toEqual([expect.objectContaining({ orderNumber: order!.orderNumber, oversold: marks, oversoldSettledAt: null })]);
    const detail = (await s.desk('GET', `/api/admin/orders/${order!.id}`)).json<AdminOrderDetail>();
    expect(detail.actions).toContain('settle_oversold');
    expect(detail.events.find((event) => event.type === 'oversold')!.note).toBe(
      "Sold beyond stock: restock or refund. Kenya (150 × 90 cm): 1 more than was in stock\nOver the code's limit. LATE-ONE: 2 uses of the 1 it allows in all",
    );

    expect((await s.desk('POST', '/api/admin/batch-email')).statusCode).toBe(200);
    const digest = (await outboxEmails(shop.db)).filter((row) => row.payload.to === DESK).at(-1)!.payload;
    expect(digest.text).toContain(`Check first: 1 order was paid after the shop had given its hold back, beyond the stock or a discount code's limit (${order!.orderNumber}).`);
    expect(digest.text).toContain('Sold beyond stock: restock or refund. Kenya (150 × 90 cm): 1 more than was in stock');
    expect(digest.text).toContain("Over the code's limit. LATE-ONE: 2 uses of the 1 it allows in all");

    // Settled by the owner, once; nobody else may, and an id that names no order is not one.
    const settle = (id: string, cookie?: string) => s.desk('POST', `/api/admin/orders/${id}/oversold-settled`, cookie);
    expect((await settle(order!.id, late.cookie)).statusCode).toBe(403);
    expect((await settle('not-an-order')).json()).toMatchObject({ message: 'Order not found' });
    const settled = await settle(order!.id);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<AdminOrderDetail & { message: string }>()).toMatchObject({ message: `Order ${order!.orderNumber} is settled: pack it as any other`, order: { oversoldSettledAt: expect.any(String) } });
    expect(settled.json<AdminOrderDetail>().actions).not.toContain('settle_oversold');
    const again = await settle(order!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order ${order!.orderNumber} has nothing to settle: it is not marked, or it was settled, sent, cancelled or refunded already`);
  });

  it('honours a late payment the shopper returns with, and a cancelled oversold order puts back only the flags it took', async () => {
    await s.setStock('kenya', 1);
    const late = await s.shopperWith('yoco-return', 'kenya');
    const page = await s.open(late);
    await s.expire(page.id);
    await shop.app.reconcileCheckouts();
    const other = await s.shopperWith('yoco-first', 'kenya');
    const prompt = await s.open(other);
    yoco.markPaid(await yocoIdOf(prompt.id));
    expect((await s.shop.complete(other, prompt.id)).statusCode).toBe(200);

    yoco.markPaid(await yocoIdOf(page.id));
    const returned = await s.shop.complete(late, page.id);
    expect(returned.statusCode).toBe(200);
    const [order] = await s.shop.ordersOf(page.id);
    expect(order!.oversold).toEqual([{ kind: 'stock', productName: expect.stringMatching(/^kenya$/i), sizeLabel: '150 × 90 cm', short: 1 }]);
    const detail = (await s.desk('GET', `/api/admin/orders/${order!.id}`)).json<AdminOrderDetail>();
    expect(detail.order.oversold).toHaveLength(1);

    const cancelled = await s.desk('POST', `/api/admin/orders/${order!.id}/cancel`, undefined, { refund: 'none', reason: 'Out of Kenya flags' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<AdminOrderDetail>().actions).not.toContain('settle_oversold');
    expect(await s.stockOf('kenya')).toBe(0);
  });
});
