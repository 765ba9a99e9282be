/**
 * Test helpers shared by the checkout and order-desk suites: a shopper from sign-up to a paid
 * order through the API (sandbox provider), orders written straight into the database when a test
 * needs exact names, dates and states, and calls as a signed-in admin.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { checkouts, fulfilments, orders, outbox, placedOrders, type CheckoutSnapshot, type OrderItem } from '../db/schema';
import type { OrderRow } from '../orders/transitions';
import { orderStates, shownFulfilmentStatus, type FulfilmentStatus, type OrderState, type OrderStatus } from '../../shared/order-desk';
import type { SmsMessage } from '../lib/outbox-messages';
import { outboxEmails, TEST_PUBLIC_URL, type TestApp } from './test-support';
import { signUpShopper } from './test-shoppers';
import type { Product } from '../../shared/product';
import { PAXI_EXPRESS_FEE_CENTS, PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';

const origin = { origin: TEST_PUBLIC_URL };

export interface Shopper {
  cookie: string;
  cartId: string;
  email: string;
}

/** Everything a test needs to take one shopper from cart to order through the API. */
export function shopHelpers(get: () => TestApp) {
  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    get().app.inject({ method, url, payload, headers: { ...origin, ...(cookie ? { cookie } : {}) } });

  const signUp = (label: string, verify = true) => signUpAs(`${label}-${randomBytes(4).toString('hex')}@example.co.za`, verify);

  async function signUpAs(email: string, verify = true): Promise<Shopper> {
    const label = email.split('@')[0]!;
    const { cookie } = await signUpShopper(get(), { name: `${label} Tester`, email, password: 'checkout-1' }, verify);
    const claim = await inject('POST', '/api/cart/claim', cookie, {});
    return { cookie, cartId: claim.json<{ sessionId: string }>().sessionId, email };
  }

  async function addToCart(shopper: Shopper, slug: string, quantity: number): Promise<void> {
    const product = (await inject('GET', `/api/products/${slug}`)).json<Product>();
    const res = await inject('POST', '/api/cart', shopper.cookie, { sessionId: shopper.cartId, productId: product.id, quantity });
    expect(res.statusCode).toBe(201);
  }

  async function nearestPoint(address = 'Sea Point, Cape Town'): Promise<{ id: string; name: string }> {
    const res = await inject('POST', '/api/paxi-points', undefined, { address, radiusKm: 8 });
    expect(res.statusCode).toBe(200);
    return res.json<{ paxiPoints: { id: string; name: string }[] }>().paxiPoints[0]!;
  }

  function checkoutBody(amount: number, pointId: string, speed: 'paxi-standard' | 'paxi-express' = 'paxi-standard') {
    return {
      amount,
      currency: 'ZAR',
      metadata: {
        customerInfo: { firstName: 'Thabo', lastName: 'Mokoena', email: 'thabo@example.co.za', phone: '082 123 4567' },
        deliveryMethod: 'paxi',
        deliverySpeed: speed,
        paxiPoint: { id: pointId },
      },
    };
  }

  const createCheckout = (shopper: Shopper | undefined, body: object) =>
    inject('POST', '/api/payments/yoco/create-checkout', shopper?.cookie, body);
  const verify = (shopper: Shopper | undefined, id: string) => inject('GET', `/api/payments/yoco/verify/${id}`, shopper?.cookie);
  const complete = (shopper: Shopper, checkoutId: string) =>
    inject('POST', '/api/payments/complete', shopper.cookie, { checkoutId, sessionId: shopper.cartId });
  const ordersOf = async (checkoutId: string) => get().database.db.select().from(placedOrders).where(eq(placedOrders.checkoutId, checkoutId));
  const confirmations = async (orderNumber: string) =>
    (await outboxEmails(get().database.db)).filter((r) => r.payload.subject.includes(orderNumber));

  /**
   * A shopper's order of 2 South African flags (R320.00 with collection) placed to be paid by bank
   * transfer, with what they put in checkout's invoice fields; the shop must offer `eft`
   * (BANK_TRANSFER_SETTINGS).
   */
  async function orderByTransfer(label: string, invoiceTo: object = {}) {
    const shopper = await signUp(label);
    await addToCart(shopper, 'south-africa', 2);
    const point = await nearestPoint();
    const cart = (await inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
    const body = checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, point.id);
    body.metadata.customerInfo = { ...body.metadata.customerInfo, ...invoiceTo };
    const res = await createCheckout(shopper, { ...body, paymentMethod: 'eft' });
    expect(res.statusCode, res.body).toBe(200);
    const { id, redirectUrl } = res.json<{ id: string; redirectUrl: string }>();
    const [order] = await ordersOf(id);
    return { shopper, checkoutId: id, redirectUrl, order: order! };
  }

  /** A shopper's checkout of one South African flag (R190.00 with collection), open at the provider. */
  async function openCheckout(label: string): Promise<{ shopper: Shopper; id: string; yocoId: string }> {
    const shopper = await signUp(label);
    await addToCart(shopper, 'south-africa', 1);
    const point = await nearestPoint('7441');
    const res = await createCheckout(shopper, checkoutBody(19_000, point.id));
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();
    const [row] = await get().database.db.select().from(checkouts).where(eq(checkouts.id, id));
    return { shopper, id, yocoId: row!.providerCheckoutId! };
  }

  return { inject, signUp, signUpAs, addToCart, nearestPoint, checkoutBody, createCheckout, openCheckout, orderByTransfer, verify, complete, ordersOf, confirmations };
}


/** A shop's bank account for the bank-transfer suites: add it to PAYMENT_PROVIDERS with eft. */
export const BANK_TRANSFER_SETTINGS = { EFT_ACCOUNT_NAME: 'Cape Flag Company (Pty) Ltd', EFT_BANK: 'First National Bank', EFT_ACCOUNT_NUMBER: '62812345678', EFT_BRANCH_CODE: '250655' };
/** The same account as the shop reads it. */
export const BANK_ACCOUNT = { accountName: BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NAME, bank: BANK_TRANSFER_SETTINGS.EFT_BANK, accountNumber: BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NUMBER, branchCode: BANK_TRANSFER_SETTINGS.EFT_BRANCH_CODE };

/** The admin of the order-desk suites: pass ADMIN_EMAILS: ORDER_DESK_ADMIN to startTestApp. */
export const ORDER_DESK_ADMIN = 'desk-admin@example.co.za';

/** An order desk call as someone (an admin, a shopper) or as nobody. */
export function deskCall(get: () => TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: { cookie: string }, payload?: object) =>
    get().app.inject({ method, url, payload, headers: { ...origin, ...(who ? { cookie: who.cookie } : {}) } });
}

/** A shopper pays for one South African flag (R190.00 with collection) on the sandbox's payment page; the order as the database has it. */
export async function placePaidOrder(shop: ReturnType<typeof shopHelpers>, shopper: Shopper): Promise<OrderRow> {
  await shop.addToCart(shopper, 'south-africa', 1);
  const point = await shop.nearestPoint();
  const cart = (await shop.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
  const created = await shop.createCheckout(shopper, shop.checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, point.id));
  expect(created.statusCode).toBe(200);
  const { id, redirectUrl } = created.json<{ id: string; redirectUrl: string }>();
  expect((await shop.inject('POST', `${new URL(redirectUrl).pathname}/pay`)).statusCode).toBe(303);
  expect((await shop.complete(shopper, id)).statusCode).toBe(200);
  const [order] = await shop.ordersOf(id);
  return order!;
}

export const SEA_POINT = { code: 'P5772', name: 'PEP Sea Point', address: 'Main Road, Sea Point, Cape Town, Western Cape, 8005' };

export interface OrderFixture {
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  deliveryOption?: 'paxi_standard' | 'paxi_express';
  items?: OrderItem[];
  createdAt?: Date;
  /** The status the desk shows: a sent one gives the order its fulfilment, at that place. */
  status?: OrderStatus;
  paymentStatus?: OrderRow['paymentStatus'];
  fulfilled?: boolean;
  refundedCents?: number;
  /** How it was paid: the sandbox's card unless told. */
  paymentMethod?: string;
  trackingNumber?: string;
  fulfilledAt?: Date;
}

/**
 * An order written straight into the database (with the checkout it needs), for the searches,
 * the export and the overview: exact names, days and states without a payment each.
 */
export async function insertOrder(db: Database, fixture: OrderFixture = {}): Promise<OrderRow> {
  const items = fixture.items ?? [{ productId: randomUUID(), productName: 'SOUTH AFRICA', productImage: null, productPrice: 13_000, quantity: 1 }];
  const deliveryOption = fixture.deliveryOption ?? 'paxi_standard';
  const subtotalCents = items.reduce((sum, item) => sum + item.productPrice * item.quantity, 0);
  const deliveryFeeCents = deliveryOption === 'paxi_express' ? PAXI_EXPRESS_FEE_CENTS : PAXI_STANDARD_FEE_CENTS;
  const customerName = fixture.customerName ?? 'Thabo Mokoena';
  const [firstName = '', lastName = ''] = customerName.split(' ');
  const snapshot: CheckoutSnapshot = {
    customer: { firstName, lastName, email: fixture.customerEmail ?? 'thabo@example.co.za', phone: fixture.customerPhone ?? '+27821234567' },
    delivery: {
      method: 'paxi',
      speed: deliveryOption === 'paxi_express' ? 'paxi-express' : 'paxi-standard',
      point: { code: SEA_POINT.code, name: SEA_POINT.name, address: 'Main Road, Sea Point', town: 'Cape Town', province: 'Western Cape', postalCode: '8005' },
    },
    items: items.map((i) => ({ productId: i.productId, productName: i.productName, productImage: i.productImage, unitPriceCents: i.productPrice, quantity: i.quantity })),
  };
  const createdAt = fixture.createdAt ?? new Date();
  const [checkout] = await db
    .insert(checkouts)
    .values({
      cartSessionId: randomUUID(),
      provider: 'sandbox',
      status: 'paid',
      subtotalCents,
      deliveryFeeCents,
      totalCents: subtotalCents + deliveryFeeCents,
      snapshot,
      createdAt,
      expiresAt: createdAt,
    })
    .returning();
  const status = fixture.status ?? 'paid';
  const parcel = (Object.keys(shownFulfilmentStatus) as FulfilmentStatus[]).find((place) => shownFulfilmentStatus[place] === status && !['booked', 'packed'].includes(place)) ?? 'packed';
  const sent = fixture.fulfilled || (status !== 'paid' && status !== 'pending' && status !== 'cancelled');
  const state: OrderState = (orderStates as readonly string[]).includes(status) ? (status as OrderState) : ['collected', 'delivered'].includes(status) ? 'completed' : 'fulfilled';
  const [placed] = await db
    .insert(orders)
    .values({
      orderNumber: sql`'CF-' || nextval('order_number_seq')`,
      checkoutId: checkout!.id,
      customerName,
      customerEmail: snapshot.customer.email,
      customerPhone: snapshot.customer.phone,
      deliveryOption,
      paxiLocationId: SEA_POINT.code,
      paxiLocationName: SEA_POINT.name,
      paxiLocationAddress: SEA_POINT.address,
      subtotalCents,
      deliveryFeeCents,
      totalAmount: subtotalCents + deliveryFeeCents,
      refundedCents: fixture.refundedCents ?? 0,
      items,
      paymentId: `p_fixture_${randomBytes(6).toString('hex')}`,
      paymentMethod: fixture.paymentMethod ?? 'sandbox',
      paymentStatus: fixture.paymentStatus ?? 'paid',
      state,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  if (sent) {
    await db.insert(fulfilments).values({
      orderId: placed!.id,
      method: 'paxi',
      status: parcel,
      trackingNumber: fixture.trackingNumber ?? '',
      sentAt: fixture.fulfilledAt ?? createdAt,
      updatedAt: createdAt,
    });
  }
  const [order] = await db.select().from(placedOrders).where(eq(placedOrders.id, placed!.id));
  return order!;
}

/** The outbox's text messages, oldest first. */
export async function outboxTexts(db: Database): Promise<SmsMessage[]> {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, 'sms')).orderBy(asc(outbox.createdAt));
  return rows.map((row) => row.payload as SmsMessage);
}
