import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, orders, placedOrders } from '../db/schema';
import { outboxEmails, signInTargets, startTestApp, TEST_PUBLIC_URL, TEST_SESSION_SECRET, type TestApp } from '../testing/test-support';
import { signUpShopper } from '../testing/test-shoppers';
import { describeShop } from '../testing/describe-shop';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { BANK_TRANSFER_SETTINGS, shopHelpers } from '../testing/test-orders';
import { createOrderLinks } from '../orders/order-links';
import { guestMessages, ORDER_LINK_DAYS } from '../../shared/guest-orders';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import { unpaidTransfersMessage } from '../../shared/bank-transfer';
import type { CustomerOrderDetail } from '../../shared/orders';
import type { PaymentVerification } from '../../shared/checkout';

const origin = { origin: TEST_PUBLIC_URL };
const GUEST_SHOP = { CHECKOUT_ACCOUNTS: 'optional', PAYMENT_PROVIDERS: 'sandbox,eft', ...BANK_TRANSFER_SETTINGS };
const newCartId = () => randomBytes(24).toString('base64url');
const guestEmail = (label: string) => `${label}-${randomBytes(3).toString('hex')}@example.co.za`;

/** A guest's calls: the cart and payment pages name the cart; nobody is signed in. */
function guestCalls(get: () => TestApp) {
  const shop = shopHelpers(get);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    get().app.inject({ method, url, payload, headers: { ...origin, ...headers } });

  async function fillCart(cartId: string, slug = 'south-africa', quantity = 1): Promise<number> {
    const product = (await call('GET', `/api/products/${slug}`)).json<{ id: string }>();
    expect((await call('POST', '/api/cart', { sessionId: cartId, productId: product.id, quantity })).statusCode).toBe(201);
    return (await call('GET', `/api/cart/${cartId}`)).json<{ subtotalCents: number }>().subtotalCents;
  }

  async function guestBody(cartId: string, email: string, extra: { paymentMethod?: string; discountCode?: string } = {}) {
    const subtotal = (await call('GET', `/api/cart/${cartId}`)).json<{ subtotalCents: number }>().subtotalCents;
    const point = await shop.nearestPoint();
    const body = shop.checkoutBody(subtotal + PAXI_STANDARD_FEE_CENTS, point.id);
    return {
      ...body,
      cartSessionId: cartId,
      ...(extra.paymentMethod ? { paymentMethod: extra.paymentMethod } : {}),
      metadata: { ...body.metadata, customerInfo: { ...body.metadata.customerInfo, email }, ...(extra.discountCode ? { discountCode: extra.discountCode } : {}) },
    };
  }

  const openCheckout = (body: object) => call('POST', '/api/payments/yoco/create-checkout', body);
  const verify = (checkoutId: string, cartId?: string) => call('GET', `/api/payments/yoco/verify/${checkoutId}`, undefined, cartId ? { 'x-cart-session-id': cartId } : {});

  /** A guest buys one South African flag by card on the sandbox's page: the success page's answer. */
  async function buyAsGuest(email: string): Promise<{ cartId: string; checkoutId: string; verification: PaymentVerification }> {
    const cartId = newCartId();
    await fillCart(cartId);
    const opened = await openCheckout(await guestBody(cartId, email));
    expect(opened.statusCode, opened.body).toBe(200);
    const { id, redirectUrl } = opened.json<{ id: string; redirectUrl: string }>();
    expect((await call('POST', `${new URL(redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    const verified = await verify(id, cartId);
    expect(verified.statusCode, verified.body).toBe(200);
    return { cartId, checkoutId: id, verification: verified.json<PaymentVerification>() };
  }

  /** The key of the link in the last email to `to` about `orderNumber`. */
  async function emailedKey(to: string, orderNumber: string): Promise<string> {
    const emails = (await outboxEmails(get().database.db)).filter((row) => row.payload.to === to && row.payload.text.includes(`/orders/${orderNumber}?key=`));
    expect(emails.length, `an email to ${to} linking ${orderNumber}`).toBeGreaterThan(0);
    return new RegExp(`/orders/${orderNumber}\\?key=([^\\s"]+)`).exec(emails.at(-1)!.payload.text)![1]!;
  }

  return { call, shop, fillCart, guestBody, openCheckout, verify, buyAsGuest, emailedKey };
}

describe.each(signInTargets())('guest checkout (CHECKOUT_ACCOUNTS=optional) on $name', (target) => {
  let t: TestApp;
  const guest = guestCalls(() => t);
  const { call } = guest;

  beforeAll(async () => {
    t = await startTestApp(target, { env: GUEST_SHOP });
    await seedSamplePickupPoints(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a guest pay by card without an account, and opens the order only with its signed link', async () => {
    const email = guestEmail('Guest');
    const { cartId, checkoutId, verification } = await guest.buyAsGuest(email);
    expect(verification.status).toBe('completed');
    const orderNumber = verification.orderNumber!;
    expect(verification.orderLink).toMatch(new RegExp(`^/orders/${orderNumber}\\?key=\\d+\\.[A-Za-z0-9_-]{43}$`));

    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout).toMatchObject({ guest: true, userId: null, cartSessionId: cartId });
    const [order] = await t.database.db.select().from(placedOrders).where(eq(placedOrders.orderNumber, orderNumber));
    expect(order).toMatchObject({ placedAsGuest: true, userId: null, guestEmail: email.toLowerCase(), customerEmail: email.toLowerCase() });
    expect((await call('GET', `/api/cart/${cartId}`)).json<{ itemCount: number }>().itemCount).toBe(0);

    // The confirmation goes to the address typed, with the signed link and the tax invoice.
    const key = await guest.emailedKey(email.toLowerCase(), orderNumber);
    const page = await call('GET', `/api/orders/${orderNumber}?key=${key}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const detail = page.json<CustomerOrderDetail>();
    expect(detail).toMatchObject({ orderNumber, status: 'paid', totalCents: 19_000 });
    expect(detail.timeline.map((event) => event.type)).toContain('placed');
    const invoice = detail.documents[0]!;
    expect(invoice.url).toBe(`/api/orders/${orderNumber}/documents/${invoice.serial}?key=${key}`);
    const pdf = await call('GET', invoice.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // The same order through the success page's link; My Profile's calls stay closed to a guest.
    expect((await call('GET', `/api/orders/${orderNumber}?key=${verification.orderLink!.split('key=')[1]}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/profile/orders/${orderNumber}`)).statusCode).toBe(401);
  });

  it('refuses a tampered, another order’s, expired, missing or malformed link in words, showing nothing', async () => {
    const first = (await guest.buyAsGuest(guestEmail('first'))).verification.orderNumber!;
    const second = (await guest.buyAsGuest(guestEmail('second'))).verification.orderNumber!;
    const links = createOrderLinks(TEST_SESSION_SECRET, TEST_PUBLIC_URL);
    const key = links.keyFor(first);
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const longer = `${Number(key.split('.')[0]) + 86_400}.${key.split('.')[1]}`;
    for (const [url, status, body] of [
      [`/api/orders/${first}?key=${tampered}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
      [`/api/orders/${first}?key=${longer}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
      [`/api/orders/${second}?key=${key}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
      [`/api/orders/${first}?key=${links.keyFor(first).replace('.', '')}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
      [`/api/orders/${first}?key=%00${key}`, 400, { message: 'The query parameter key contains a NUL character, which is not allowed', code: 'invalid_input' }],
      [`/api/orders/${first}?key=${'9'.repeat(300)}`, 400, { message: guestMessages.linkNotValid, code: 'invalid_input' }],
      [`/api/orders/${first}`, 400, { message: guestMessages.linkNotValid, code: 'invalid_input' }],
      [`/api/orders/CF-x?key=${key}`, 400, { message: 'Order numbers look like CF-100001', code: 'invalid_input' }],
      [`/api/orders/${first}/pro-forma.pdf?key=${tampered}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
      [`/api/orders/${first}/documents/INV-000001?key=${tampered}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
    ] as const) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual(body);
    }

    const longAgo = createOrderLinks(TEST_SESSION_SECRET, TEST_PUBLIC_URL, () => Date.now() - (ORDER_LINK_DAYS + 1) * 86_400_000);
    const expired = await call('GET', `/api/orders/${first}?key=${longAgo.keyFor(first)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: guestMessages.linkExpired, code: 'order_link_expired' });
    // Another order's invoice, even with a valid key of this one, is not found.
    const secondKey = await guest.emailedKey((await t.database.db.select().from(placedOrders).where(eq(placedOrders.orderNumber, second)))[0]!.customerEmail, second);
    const secondInvoice = (await call('GET', `/api/orders/${second}?key=${secondKey}`)).json<CustomerOrderDetail>().documents[0]!;
    expect((await call('GET', `/api/orders/${first}/documents/${secondInvoice.serial}?key=${key}`)).statusCode).toBe(404);
  });

  it('keeps a guest to the cart they name: none, an account’s cart, or another guest’s checkout is refused in words', async () => {
    const cartId = newCartId();
    await guest.fillCart(cartId);
    const body = await guest.guestBody(cartId, guestEmail('which-cart'));
    const { cartSessionId: _cart, ...withoutCart } = body;
    const noCart = await guest.openCheckout(withoutCart);
    expect(noCart.statusCode).toBe(401);
    expect(noCart.json()).toEqual({ message: guestMessages.whichCart, code: 'not_signed_in' });
    for (const bad of ['short', 'x'.repeat(200), 'bad id with spaces', 12]) {
      const res = await guest.openCheckout({ ...body, cartSessionId: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe(typeof bad === 'number' ? 'A cart session id is required' : 'Invalid cart session id');
    }

    // A signed-in shopper's cart id, left on a shared computer, pays for nothing signed out.
    const account = await guest.shop.signUp('account-cart');
    await guest.shop.addToCart(account, 'kenya', 1);
    const theirs = await guest.openCheckout({ ...body, cartSessionId: account.cartId });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ message: guestMessages.accountsCart, code: 'forbidden' });

    // Another guest's checkout is not found with a different cart, and needs a cart at all.
    const opened = await guest.openCheckout(body);
    expect(opened.statusCode, opened.body).toBe(200);
    const { id } = opened.json<{ id: string }>();
    const stranger = await guest.verify(id, newCartId());
    expect(stranger.statusCode).toBe(404);
    expect((await guest.verify(id)).json()).toEqual({ message: 'Payment verification failed due to authentication issues.', code: 'not_signed_in' });
    const cancelled = await call('POST', '/api/payments/cancel', { checkoutId: id }, { 'x-cart-session-id': newCartId() });
    expect(cancelled.statusCode).toBe(404);
    expect((await call('POST', '/api/payments/cancel', { checkoutId: id }, { 'x-cart-session-id': cartId })).json()).toEqual({ status: 'cancelled' });
  });

  it('refuses a guest’s missing, malformed or NUL-bearing email in words, holding nothing', async () => {
    const cartId = newCartId();
    await guest.fillCart(cartId);
    const before = await t.database.db.$count(checkouts);
    for (const email of ['', 'not-an-email', 'guest\u0000@example.co.za', `${'a'.repeat(300)}@example.co.za`, 42]) {
      const body = await guest.guestBody(cartId, 'x@example.co.za');
      const res = await guest.openCheckout({ ...body, metadata: { ...body.metadata, customerInfo: { ...body.metadata.customerInfo, email } } });
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
    expect(await t.database.db.$count(checkouts)).toBe(before);
  });

  it('sends a guest paying by bank transfer to the order’s signed link, and the transfer email links there too', async () => {
    const email = guestEmail('transfer');
    const cartId = newCartId();
    await guest.fillCart(cartId, 'south-africa', 2);
    const opened = await guest.openCheckout(await guest.guestBody(cartId, email, { paymentMethod: 'eft' }));
    expect(opened.statusCode, opened.body).toBe(200);
    const { id, redirectUrl } = opened.json<{ id: string; redirectUrl: string }>();
    const [order] = await t.database.db.select().from(placedOrders).where(eq(placedOrders.checkoutId, id));
    expect(redirectUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/orders/${order!.orderNumber}\\?key=`));
    const key = await guest.emailedKey(email.toLowerCase(), order!.orderNumber);
    const detail = (await call('GET', `/api/orders/${order!.orderNumber}?key=${key}`)).json<CustomerOrderDetail>();
    expect(detail).toMatchObject({ payLater: true, bankTransfer: { reference: order!.orderNumber } });
    const proForma = await call('GET', `/api/orders/${order!.orderNumber}/pro-forma.pdf?key=${key}`);
    expect(proForma.statusCode).toBe(200);
    expect(proForma.headers['content-type']).toBe('application/pdf');
  });

  it('lets a customer, guest or account, keep at most 3 orders waiting for a bank transfer, refusing the next in words', async () => {
    const email = guestEmail('many-transfers');
    const transfer = async (): Promise<{ statusCode: number; json: () => unknown }> => {
      const cartId = newCartId();
      await guest.fillCart(cartId);
      return guest.openCheckout(await guest.guestBody(cartId, email, { paymentMethod: 'eft' }));
    };
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await transfer()).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const before = await t.database.db.$count(checkouts);
    const refused = await transfer();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: unpaidTransfersMessage, code: 'invalid_input' });
    expect(await t.database.db.$count(checkouts)).toBe(before);
    // The card still pays.
    const cartId = newCartId();
    await guest.fillCart(cartId);
    expect((await guest.openCheckout(await guest.guestBody(cartId, email))).statusCode).toBe(200);

    const account = await guest.shop.signUp('many-transfers-account');
    const point = await guest.shop.nearestPoint();
    const byAccount = async () => {
      await guest.shop.addToCart(account, 'south-africa', 1);
      const cart = (await guest.shop.inject('GET', `/api/cart/${account.cartId}`, account.cookie)).json<{ subtotalCents: number }>();
      return guest.shop.createCheckout(account, { ...guest.shop.checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, point.id), paymentMethod: 'eft' });
    };
    const accountCodes = [];
    for (let i = 0; i < 4; i++) accountCodes.push((await byAccount()).statusCode);
    expect(accountCodes).toEqual([200, 200, 200, 400]);
  });

  it('gives an account the guest orders of its verified email once, in My Profile, and never another’s', async () => {
    const email = guestEmail('later');
    // Typed at checkout in other letters than at sign-up.
    const { verification } = await guest.buyAsGuest(email.toUpperCase());
    const other = (await guest.buyAsGuest(guestEmail('someone-else'))).verification.orderNumber!;
    const account = await signUpShopper(t, { name: 'Later Tester', email, password: 'checkout-1' });
    const cookie = { cookie: account.cookie };
    const [first, second] = await Promise.all([call('GET', '/api/profile/orders', undefined, cookie), call('GET', '/api/profile/orders', undefined, cookie)]);
    expect(first.statusCode).toBe(200);
    for (const res of [first, second]) expect(res.json<{ orders: { orderNumber: string }[] }>().orders.map((order) => order.orderNumber)).toEqual([verification.orderNumber]);
    const [claimed] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, verification.orderNumber!));
    expect(claimed).toMatchObject({ userId: account.id, guestEmail: null, placedAsGuest: true });
    expect((await call('GET', `/api/profile/orders/${verification.orderNumber}`, undefined, cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/profile/orders/${other}`, undefined, cookie)).statusCode).toBe(404);
  });
});

describeShop('guest orders and the email of an account', { pickupPoints: true, admin: true, env: GUEST_SHOP }, (shop) => {
  const guest = guestCalls(() => shop.testApp);

  it('shows the order desk which orders a guest placed, before and after an account claims them', async () => {
    const email = guestEmail('desk');
    const { verification } = await guest.buyAsGuest(email);
    const deskOrder = async () => (await shop.call('GET', `/api/admin/orders?search=${verification.orderNumber}`, shop.admin)).json<{ placedAsGuest: boolean; customerEmail: string }[]>();
    expect(await deskOrder()).toEqual([expect.objectContaining({ placedAsGuest: true, customerEmail: email })]);
    const account = await signUpShopper(shop.testApp, { name: 'Desk Tester', email, password: 'checkout-1' });
    expect((await shop.call('GET', '/api/profile/orders', account)).statusCode).toBe(200);
    expect(await deskOrder()).toEqual([expect.objectContaining({ placedAsGuest: true })]);
  });

  it('sends a guest order placed with an account’s address to that address, and the account sees it only once verified', async () => {
    const email = guestEmail('unverified-owner');
    const owner = await signUpShopper(shop.testApp, { name: 'Owner Tester', email, password: 'checkout-1' }, false);
    const { verification } = await guest.buyAsGuest(email);
    await guest.emailedKey(email, verification.orderNumber!);
    const listed = async () => (await shop.call('GET', '/api/profile/orders', owner)).json<{ orders: { orderNumber: string }[] }>().orders.map((order) => order.orderNumber);
    expect(await listed()).toEqual([]);
    expect((await shop.call('GET', `/api/profile/orders/${verification.orderNumber}`, owner)).statusCode).toBe(404);

    const rows = await outboxEmails(shop.db);
    const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(rows.find((row) => row.payload.to === email && row.payload.text.includes('/verify-email?'))!.payload.text)![0]);
    expect((await shop.call('GET', `/api/auth/verify-email${link.search}`)).statusCode).toBe(200);
    const signedIn = await shop.call('POST', '/api/auth/sign-in/email', undefined, { email, password: 'checkout-1' });
    const verifiedOwner = { cookie: String(signedIn.headers['set-cookie']).split(';')[0]! };
    expect((await shop.call('GET', '/api/profile/orders', verifiedOwner)).json<{ orders: { orderNumber: string }[] }>().orders.map((order) => order.orderNumber)).toEqual([verification.orderNumber]);
  });

  it('answers the order look-up in the same words whether or not the order and email match, and emails a fresh link only when they do', async () => {
    const email = guestEmail('look-up');
    const { verification } = await guest.buyAsGuest(email);
    const orderNumber = verification.orderNumber!;
    const linksTo = async () => (await outboxEmails(shop.db)).filter((row) => row.payload.to === email && row.payload.subject.startsWith(`Your order ${orderNumber}`));
    const answers = [];
    for (const payload of [
      { orderNumber, email: email.toUpperCase() },
      { orderNumber: orderNumber.toLowerCase(), email: guestEmail('wrong') },
      { orderNumber: 'CF-999999999', email },
    ]) {
      const res = await shop.call('POST', '/api/orders/find', undefined, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(202);
      answers.push(res.json());
    }
    expect(answers).toEqual([{ message: guestMessages.lookUpSent }, { message: guestMessages.lookUpSent }, { message: guestMessages.lookUpSent }]);
    const sent = await linksTo();
    expect(sent).toHaveLength(1);
    const key = /\?key=(\S+)/.exec(sent[0]!.payload.text)![1]!;
    expect((await shop.call('GET', `/api/orders/${orderNumber}?key=${key}`)).statusCode).toBe(200);
  });

  it('refuses a look-up’s bad input in words, and a flood of look-ups for one address', async () => {
    for (const [payload, message] of [
      [{ orderNumber: 'CF-100001' }, 'Please enter the email address the order was placed with'],
      [{ orderNumber: 'CF-100001', email: 'nul\u0000@example.co.za' }, 'email contains a NUL character, which is not allowed'],
      [{ orderNumber: '100001', email: 'a@example.co.za' }, 'Order numbers look like CF-100001'],
      [{ orderNumber: ['CF-100001'], email: 'a@example.co.za' }, 'orderNumber is missing or has the wrong type'],
    ] as const) {
      const res = await shop.call('POST', '/api/orders/find', undefined, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const email = guestEmail('flood');
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await shop.call('POST', '/api/orders/find', undefined, { orderNumber: `CF-${100001 + i}`, email })).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await shop.call('POST', '/api/orders/find', undefined, { orderNumber: 'CF-100001', email });
    expect(refused.json()).toEqual({ message: guestMessages.tooManyLookUps, code: 'too_many_attempts' });
  });

  it('limits checkouts without an account per email address, in words', async () => {
    const email = guestEmail('many');
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const cartId = newCartId();
      await guest.fillCart(cartId);
      codes.push((await guest.openCheckout(await guest.guestBody(cartId, email))).statusCode);
    }
    expect(codes).toEqual([...Array<number>(10).fill(200), 429]);
    const cartId = newCartId();
    await guest.fillCart(cartId);
    expect((await guest.openCheckout(await guest.guestBody(cartId, email))).json()).toEqual({ message: guestMessages.tooManyCheckouts, code: 'too_many_attempts' });
  });
});

describeShop('guest checkout when accounts are required (the default)', { pickupPoints: true }, (shop) => {
  const guest = guestCalls(() => shop.testApp);

  it('refuses a signed-out checkout in words and holds nothing, with or without a cart named', async () => {
    const cartId = newCartId();
    await guest.fillCart(cartId);
    const before = await shop.db.$count(checkouts);
    const body = await guest.guestBody(cartId, guestEmail('no-accounts'));
    const named = await guest.openCheckout(body);
    expect(named.statusCode).toBe(401);
    expect(named.json()).toEqual({ message: guestMessages.accountsRequired, code: 'not_signed_in' });
    const { cartSessionId: _cart, ...unnamed } = body;
    expect((await guest.openCheckout(unnamed)).json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    expect(await shop.db.$count(checkouts)).toBe(before);
    expect((await shop.call('POST', '/api/orders/find', undefined, { orderNumber: 'CF-100001', email: 'a@example.co.za' })).statusCode).toBe(202);
  });
});
