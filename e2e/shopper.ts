/**
 * A shopper's way through the shop for the browser tests: signing up with a verified email,
 * reading the dev mailbox, filling the cart and paying on the sandbox payment page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { afterDebounce, countryName, effectivePriceCents, expect, fetchProduct, notifications, test, toast } from './fixtures';
import { PAXI_EXPRESS, PAXI_STANDARD } from '../src/shared/shop-facts';
import { PRODUCTS_ADMIN_EMAIL } from './admins';

/** What reads the dev mailbox and calls the API: a page, or e2e/global-setup.ts's request context. */
type Caller = { request: APIRequestContext };

export const PASSWORD = 'pay-for-flags-2026';

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
}

export function newShopper(firstName: string, lastName: string): Shopper {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { firstName, lastName, email: `${firstName.toLowerCase()}-${suffix}@example.co.za` };
}

/**
 * The shop takes writes only from its own pages (their Origin): the page's, or for a page that has
 * not opened one yet, the shop's, where page.request sends its calls.
 */
export const origin = (page: Page) => ({ origin: new URL(page.url().startsWith('http') ? page.url() : test.info().project.use.baseURL!).origin });

export interface MailboxMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface TextMessage {
  to: string;
  body: string;
}

type MailboxEntry = ({ kind?: 'email' } & MailboxMessage) | ({ kind: 'sms' } & TextMessage);

async function mailboxEntries(page: Caller): Promise<MailboxEntry[]> {
  const answer = (await (await page.request.get('/dev/mailbox.json')).json()) as { messages: MailboxEntry[] };
  return answer.messages;
}

/** The emails in the dev mailbox, newest first. */
export async function mailbox(page: Caller): Promise<MailboxMessage[]> {
  return (await mailboxEntries(page)).filter((m): m is { kind?: 'email' } & MailboxMessage => m.kind !== 'sms');
}

/** The text messages (SMS) in the dev mailbox, newest first. */
export async function textMessages(page: Caller): Promise<TextMessage[]> {
  return (await mailboxEntries(page)).filter((m): m is { kind: 'sms' } & TextMessage => m.kind === 'sms');
}

/**
 * Signs up through the API and, unless told not to, verifies the email with the dev mailbox's link
 * through the API, as the verification page does (the tests of that page open it: accounts.spec.ts,
 * checkout-remembers.spec.ts); then signs in with the password (the browser shares the session
 * cookie), since sign-up itself signs nobody in.
 */
export async function signUp(page: Page, shopper: Shopper, { verify = true } = {}): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: `${shopper.firstName} ${shopper.lastName}`, email: shopper.email, password: PASSWORD },
    headers: origin(page),
  });
  expect(response.ok()).toBe(true);
  if (verify) await verifyEmailThroughApi(page, shopper);
  await signInThroughApi(page, shopper.email);
  // Once the shop has taken this browser's cart over for the shopper, flags added go to the shopper's cart.
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart-owner'))).not.toBeNull();
}

/**
 * Signs this browser in with an account of its own, making it the first time and, unless told not
 * to, verifying its email through the dev mailbox. The admins global setup made sign in with
 * signInAsAdmin instead.
 */
export async function signInAs(page: Page, account: { name: string; email: string }, { verify = true } = {}): Promise<void> {
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: PASSWORD }, headers: origin(page) });
  if (signIn.ok()) return;
  const signUpAnswer = await page.request.post('/api/auth/sign-up/email', { data: { ...account, password: PASSWORD }, headers: origin(page) });
  expect(signUpAnswer.ok()).toBe(true);
  if (verify) await verifyEmailThroughApi(page, account);
  await signInThroughApi(page, account.email);
}

/** Signs this browser in with the shoppers' password (the browser shares the session cookie). */
async function signInThroughApi(page: Page, email: string): Promise<void> {
  const answer = await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers: origin(page) });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The newest verification link mailed to the shopper, once at least `count` have arrived. */
export async function verificationLink(page: Caller, shopper: Pick<Shopper, 'email'>, count = 1): Promise<string> {
  let link = '';
  await expect(async () => {
    const mails = (await mailbox(page)).filter((m) => m.to === shopper.email && m.html.includes('/verify-email?token='));
    expect(mails.length).toBeGreaterThanOrEqual(count);
    link = /href="([^"]*\/verify-email\?token=[^"]*)"/.exec(mails[0]!.html)![1]!.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
  }).toPass();
  return link;
}

/** What the verification page does with the emailed link, without opening it: the link's token and email, sent to the API. */
export async function verifyEmailThroughApi(page: Caller, shopper: Pick<Shopper, 'email'>): Promise<void> {
  const link = new URL(await verificationLink(page, shopper));
  const query = new URLSearchParams({ token: link.searchParams.get('token')!, email: link.searchParams.get('email')! });
  const answer = await page.request.get(`/api/auth/verify-email?${query.toString()}`);
  expect(answer.ok()).toBe(true);
}

/** Where e2e/global-setup.ts keeps the signed-in session of one of e2e/admins.ts's SIGNED_IN_ADMINS. */
export function adminSessionFile(email: string): string {
  const folder = process.env.E2E_ADMIN_SESSIONS;
  if (!folder) throw new Error('e2e/global-setup.ts signs the admins in before the tests (E2E_ADMIN_SESSIONS)');
  return path.join(folder, `${email}.json`);
}

/** Signs this browser in as one of the admins global setup signed in, with the session it kept. */
export async function signInAsAdmin(page: Page, email: string): Promise<void> {
  const session = JSON.parse(fs.readFileSync(adminSessionFile(email), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(session.cookies);
}

/** A browser of its own signed in as an admin (the catalogue's unless told), as a second person beside the shopper. */
export async function adminPage(browser: Browser, email = PRODUCTS_ADMIN_EMAIL): Promise<Page> {
  return (await browser.newContext({ storageState: adminSessionFile(email) })).newPage();
}

export async function addToCart(page: Page, slug: string, productName: string): Promise<void> {
  await page.goto(`/product/${slug}`);
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', `${countryName(productName)} (150 × 90 cm) has been added to your cart.`)).toBeVisible();
}

export function checkoutForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Checkout' });
}

export function field(page: Page, label: string): Locator {
  return checkoutForm(page).getByLabel(label, { exact: true });
}

export async function fillDetails(page: Page, details: { firstName?: string; lastName?: string; email?: string; phone?: string }): Promise<void> {
  if (details.firstName !== undefined) await field(page, 'First name').fill(details.firstName);
  if (details.lastName !== undefined) await field(page, 'Last name').fill(details.lastName);
  if (details.email !== undefined) await field(page, 'Email').fill(details.email);
  if (details.phone !== undefined) await field(page, 'Cellphone number').fill(details.phone);
}

export function payButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Pay R/ });
}

export async function pay(page: Page): Promise<void> {
  await afterDebounce(page);
  await payButton(page).click();
}

export function pointResults(page: Page): Locator {
  return page.getByTestId('paxi-point');
}

export function pointSearchBox(page: Page): Locator {
  return page.getByLabel('Your address or suburb');
}

export async function pressSearch(page: Page): Promise<void> {
  await afterDebounce(page);
  await page.getByRole('search', { name: 'Find PAXI points' }).getByRole('button', { name: 'Search' }).click();
}

export async function searchPoints(page: Page, address: string): Promise<void> {
  await pointSearchBox(page).fill(address);
  await pressSearch(page);
}

/**
 * The finder's message for a failed search: an alert just under the search box, tied to it (the
 * box is marked invalid and describes itself with the message), and no toast saying otherwise.
 */
export async function expectSearchMessage(page: Page, message: string): Promise<void> {
  const box = pointSearchBox(page);
  const alert = page.getByRole('search', { name: 'Find PAXI points' }).getByRole('alert');
  await expect(alert).toHaveText(message);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const boxBottom = (await box.boundingBox())!;
  const alertTop = (await alert.boundingBox())!;
  const form = (await page.getByRole('search', { name: 'Find PAXI points' }).boundingBox())!;
  // Beside the box: below it, in the search form itself (on a phone the Search button, the hint and
  // the chosen point sit between them), and seen together with the box on the screen.
  expect(alertTop.y).toBeGreaterThan(boxBottom.y);
  expect(alertTop.y + alertTop.height).toBeLessThanOrEqual(form.y + form.height + 1);
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(notifications(page).getByRole('listitem', { includeHidden: true })).toHaveCount(0);
}

/** Searches near Sea Point and chooses the nearest point; returns its name. */
export async function chooseNearestPoint(page: Page): Promise<string> {
  await searchPoints(page, 'Sea Point, Cape Town');
  const nearest = pointResults(page).first();
  await expect(nearest).toBeVisible();
  await nearest.getByRole('radio').check();
  return (await nearest.locator('.font-semibold').first().textContent())!.trim();
}

/** Pay, then Cancel on the sandbox payment page, and Return to Checkout from the cancel page. */
export async function cancelOnPaymentPage(page: Page): Promise<void> {
  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: /^Cancel/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

export interface Purchase {
  orderNumber: string;
  pointName: string;
}

/**
 * Takes the signed-in shopper's cart to the sandbox payment page: the phone, the nearest point to
 * Sea Point, standard or express collection and Pay on the checkout; answers the point's name.
 */
export async function openPaymentPage(page: Page, { phone, express = false }: { phone: string; express?: boolean }): Promise<string> {
  await page.goto('/checkout');
  await fillDetails(page, { phone });
  if (express) await page.getByRole('radio', { name: /PAXI Express — R110/ }).check();
  const pointName = await chooseNearestPoint(page);
  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  return pointName;
}

/** Pays for the signed-in shopper's cart on the sandbox payment page, and back on 'Payment Successful!'. */
export async function buyWithSandbox(page: Page, options: { phone: string; express?: boolean }): Promise<Purchase> {
  const pointName = await openPaymentPage(page, options);
  await page.getByRole('button', { name: /^Pay R/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).not.toBe('');
  return { orderNumber, pointName };
}

/**
 * A paid order of the signed-in shopper for one of a flag, at the nearest point to Sea Point, made
 * through the API as checkout and the sandbox payment page make it: for the tests of what follows a
 * payment (buyWithSandbox and checkout.spec.ts go through those pages).
 */
export async function buyThroughApi(
  page: Page,
  shopper: Shopper,
  { slug, phone, express = false }: { slug: string; phone: string; express?: boolean },
): Promise<Purchase & { checkoutId: string }> {
  const headers = origin(page);
  const product = await fetchProduct(page.request, slug);
  const sessionId = await page.evaluate(() => localStorage.getItem('cart-session-id'));
  expect((await page.request.post('/api/cart', { data: { sessionId, productId: product.id, quantity: 1 }, headers })).status()).toBe(201);
  const found = await page.request.post('/api/paxi-points', { data: { address: 'Sea Point, Cape Town' }, headers });
  expect(found.ok()).toBe(true);
  const point = ((await found.json()) as { paxiPoints: { id: string; name: string }[] }).paxiPoints[0]!;
  const delivery = express ? PAXI_EXPRESS : PAXI_STANDARD;
  const created = await page.request.post('/api/payments/yoco/create-checkout', {
    data: {
      amount: effectivePriceCents(product) + delivery.feeCents,
      metadata: {
        customerInfo: { firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email, phone },
        deliverySpeed: delivery.method,
        paxiPoint: { id: point.id },
      },
    },
    headers,
  });
  expect(created.ok()).toBe(true);
  const { redirectUrl } = (await created.json()) as { redirectUrl: string };
  const paid = await page.request.post(`${new URL(redirectUrl).pathname}/pay`, { headers, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const checkoutId = new URL(paid.headers().location!, redirectUrl).searchParams.get('checkoutId');
  const completed = await page.request.post('/api/payments/complete', { data: { checkoutId }, headers });
  expect(completed.ok()).toBe(true);
  const { order } = (await completed.json()) as { order: { orderNumber: string } };
  return { orderNumber: order.orderNumber, pointName: point.name, checkoutId: checkoutId! };
}
