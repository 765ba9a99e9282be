/**
 * The order desk (/admin): who may open it, the overview's figures, fulfilling an order with a
 * tracking number (spec sections 2, 5, 6 and 8), the customer's email and SMS, the order's page
 * with its history and next steps, and cancelling with part of the money back.
 */
import type { Page } from '@playwright/test';
import { afterDebounce, effectivePriceCents, expect, fetchProduct, rand, test, toast } from './fixtures';
import { ADMIN_EMAIL } from './admins';
import { buyThroughApi, mailbox, newShopper, origin, PASSWORD, signInAsAdmin, signUp, textMessages } from './shopper';
import type { AdminOrder } from '../src/shared/order-desk';

const STANDARD_FEE_CENTS = 6_000;
const EXPRESS_FEE_CENTS = 11_000;

// Each test buys flags before the desk has anything to show.
test.describe.configure({ timeout: 150_000 });

/** Signs this browser in as the order desk's admin, making and verifying the account the first time. */
const signInAsOrderDesk = (page: Page) => signInAsAdmin(page, ADMIN_EMAIL);

/** Every order in the shop, as the desk's API gives them to the signed-in admin. */
async function allOrders(page: Page): Promise<AdminOrder[]> {
  const answer = await page.request.get('/api/admin/orders?limit=500');
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as AdminOrder[];
}

/**
 * The overview's figures worked out from the orders themselves: other test files may pay for
 * orders meanwhile, so the figures are compared with the shop's whole list, which holds ours.
 */
function figuresOf(orders: AdminOrder[]) {
  const paid = orders.filter((o) => ['paid', 'partially_refunded', 'refunded'].includes(o.paymentStatus));
  const counted = paid.filter((o) => o.status !== 'cancelled');
  const kept = (list: AdminOrder[]) => list.reduce((sum, o) => sum + o.totalAmount - o.refundedCents, 0);
  const fulfilled = counted.filter((o) => o.fulfilled).length;
  return {
    totalOrders: String(counted.length),
    unfulfilledOrders: String(counted.filter((o) => o.status === 'paid' && !o.fulfilled && o.paymentStatus !== 'refunded').length),
    revenue: rand(kept(paid)),
    fulfillmentRate: `${counted.length === 0 ? 0 : Math.round((fulfilled / counted.length) * 100)}%`,
    average: rand(counted.length === 0 ? 0 : Math.round(kept(counted) / counted.length)),
  };
}

async function shownFigures(page: Page) {
  const value = (id: string) => page.getByTestId(`${id}-value`).textContent();
  return {
    totalOrders: await value('total-orders'),
    unfulfilledOrders: await value('unfulfilled-orders'),
    revenue: await value('total-revenue'),
    fulfillmentRate: await value('fulfillment-rate'),
    average: await value('average-order'),
  };
}

function orderRow(page: Page, orderNumber: string) {
  return page.getByTestId('order-row').and(page.locator(`[data-order-number="${orderNumber}"]`));
}

async function openTab(page: Page, name: string, id: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${id}`));
}

test('the desk: figures, fulfilling with a tracking number, the customer told, arrival at the pickup point', async ({ page }) => {
  const shopper = newShopper('Zanele', 'Mthembu');
  const phone = '082 555 0199';
  await signUp(page, shopper);
  const first = await buyThroughApi(page, shopper, { slug: 'south-africa', phone });
  const second = await buyThroughApi(page, shopper, { slug: 'kenya', phone, express: true });
  const firstTotal = effectivePriceCents(await fetchProduct(page.request, 'south-africa')) + STANDARD_FEE_CENTS;
  const secondTotal = effectivePriceCents(await fetchProduct(page.request, 'kenya')) + EXPRESS_FEE_CENTS;

  await page.context().clearCookies();
  await signInAsOrderDesk(page);
  await page.goto('/admin');
  await expect(page).toHaveTitle(/^Admin Dashboard \|/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  // Greeted by name, as the menu names the account.
  await expect(page.getByText('Welcome back, Order Desk')).toBeVisible();
  // At 1280 px every desk tab is whole on the screen: none cut off at the strip's edge ('Page sp…').
  const strip = page.getByRole('tablist', { name: 'Order desk' });
  expect(await strip.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
  for (const tab of await strip.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });

  // The shopper's two orders are in the shop with the totals paid, and the figures add up the shop's orders.
  const ours = (await allOrders(page)).filter((o) => o.customerEmail === shopper.email);
  expect(ours.map((o) => [o.orderNumber, o.totalAmount]).sort()).toEqual(
    [
      [first.orderNumber, firstTotal],
      [second.orderNumber, secondTotal],
    ].sort(),
  );
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('total-orders-value')).toBeVisible();
    expect(await shownFigures(page)).toEqual(figuresOf(await allOrders(page)));
  }).toPass();
  await expect(page.getByRole('figure', { name: 'Revenue, last 30 days' })).toBeVisible();

  // Unfulfilled: oldest first, each row as the spec lists it.
  await openTab(page, 'Unfulfilled', 'unfulfilled');
  await expect(orderRow(page, second.orderNumber)).toBeVisible();
  const numbers = await page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number')));
  expect(numbers.indexOf(first.orderNumber)).toBeLessThan(numbers.indexOf(second.orderNumber));
  const row = orderRow(page, first.orderNumber);
  await expect(row.getByTestId('status-badge')).toHaveText('Paid, to pack');
  for (const text of [shopper.email, `${shopper.firstName} ${shopper.lastName}`, rand(firstTotal), 'Standard (7-9 days)', first.pointName, 'South Africa (150 × 90 cm) × 1']) {
    await expect(row).toContainText(text);
  }
  await expect(orderRow(page, second.orderNumber)).toContainText('Express (3-5 days)');

  // Fulfill Order: the whole order to check, and no request without a tracking number.
  const fulfilCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/fulfill')) fulfilCalls.push(request.url());
  });
  await row.getByRole('button', { name: `Fulfill order ${first.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Fulfill Order' });
  for (const text of [first.orderNumber, shopper.email, '+27825550199', first.pointName, 'Standard (7-9 days)', rand(firstTotal), 'South Africa (150 × 90 cm) × 1']) {
    await expect(dialog).toContainText(text);
  }
  const trackingInput = dialog.getByLabel('Tracking Number');
  await expect(trackingInput).toBeFocused();
  await dialog.getByRole('button', { name: 'Fulfill Order' }).click();
  await expect(toast(page, 'Error', 'Please enter a tracking number')).toBeVisible();
  await trackingInput.fill('   ');
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Fulfill Order' }).click();
  await expect(trackingInput).toHaveAttribute('aria-invalid', 'true');
  expect(fulfilCalls).toEqual([]);

  const trackingNumber = `PX${Date.now()}`;
  await trackingInput.fill(trackingNumber);
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Fulfill Order' }).click();
  await expect(toast(page, 'Order Fulfilled', 'Order has been marked as fulfilled and customer notified')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(orderRow(page, second.orderNumber)).toBeVisible();

  // All Orders finds it by number: Fulfilled, with the tracking number and the day it went.
  await openTab(page, 'All Orders', 'orders');
  await page.getByLabel('Search', { exact: true }).fill(first.orderNumber);
  await expect(page.getByTestId('order-count')).toHaveText('1 order matching the filters');
  const sent = orderRow(page, first.orderNumber);
  await expect(sent.getByTestId('status-badge')).toHaveText('Fulfilled');
  await expect(sent.getByTestId('tracking-number')).toHaveText(trackingNumber);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', new RegExp(`q=${first.orderNumber}`));

  // The customer's email and SMS carry the tracking number.
  await expect(async () => {
    const mail = (await mailbox(page)).find((m) => m.to === shopper.email && m.subject.includes(first.orderNumber) && m.subject.includes('on its way'));
    expect(mail?.text).toContain(trackingNumber);
    const sms = (await textMessages(page)).find((m) => m.to === '+27825550199' && m.body.includes(first.orderNumber));
    expect(sms?.body).toContain(trackingNumber);
  }).toPass();

  // The order's page: its history, and the next step it allows.
  await sent.getByRole('link', { name: first.orderNumber }).click();
  await expect(page).toHaveURL(/[?&]order=/);
  const orderPage = page.getByRole('dialog', { name: `Order ${first.orderNumber}` });
  const timeline = orderPage.getByTestId('timeline-event');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('Order placed and paid');
  await expect(timeline.nth(1)).toContainText('Sent to PAXI');
  await expect(timeline.nth(1)).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(timeline.nth(1)).toContainText(trackingNumber);
  await orderPage.getByRole('button', { name: 'Mark arrived at pickup point' }).click();
  await expect(toast(page, 'Ready for Collection')).toBeVisible();
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(2)).toContainText('Arrived at the pickup point');
  await expect(orderPage.getByTestId('status-badge')).toHaveText('Ready for collection');
  await expect(orderPage.getByRole('button', { name: 'Mark collected' })).toBeVisible();
  await expect(async () => {
    const sms = (await textMessages(page)).find((m) => m.to === '+27825550199' && m.body.includes('ready for collection'));
    expect(sms?.body).toContain(first.orderNumber);
  }).toPass();

  // Back closes the order's page and leaves the search as it was.
  await page.goBack();
  await expect(orderPage).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]order=/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(first.orderNumber);

  // On a 375 px phone the row is a card, with the day it went, and nothing runs off the side of the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Fulfilled date');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await openTab(page, 'Activity', 'activity');
  await expect(page.getByTestId('activity-entry').filter({ hasText: `Fulfilled ${first.orderNumber} with tracking ${trackingNumber}` })).toBeVisible();
});

test('cancelling an order with part of the money back asks first and shows on the order', async ({ page }) => {
  const shopper = newShopper('Pieter', 'Botha');
  await signUp(page, shopper);
  const { orderNumber } = await buyThroughApi(page, shopper, { slug: 'germany', phone: '072 000 4411' });

  await page.context().clearCookies();
  await signInAsOrderDesk(page);
  await page.goto(`/admin?tab=orders&q=${orderNumber}`);
  await orderRow(page, orderNumber).getByRole('link', { name: orderNumber }).click();
  const orderPage = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await orderPage.getByRole('button', { name: 'Cancel order' }).click();
  await orderPage.getByLabel('Refund part of it').check();
  await orderPage.getByLabel('Amount to refund (R)').fill('99999');
  await orderPage.getByRole('button', { name: 'Review cancellation' }).click();
  await expect(orderPage.getByText(/You can refund at most R/)).toBeVisible();

  await orderPage.getByLabel('Amount to refund (R)').fill('60');
  await orderPage.getByLabel('Reason (optional)').fill('Customer asked to cancel; keeping the collection fee');
  await afterDebounce(page);
  await orderPage.getByRole('button', { name: 'Review cancellation' }).click();
  await expect(orderPage.getByText(`Cancel order ${orderNumber} and refund R60.00 to Pieter Botha's card?`)).toBeVisible();
  await orderPage.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(toast(page, 'Order Cancelled', `Order ${orderNumber} was cancelled; a refund of R60.00 was requested`)).toBeVisible();
  // '(partly refunded)' follows once the payment provider confirms the refund.
  await expect(orderPage.getByTestId('status-badge')).toHaveText(/^Cancelled( \(partly refunded\))?$/);
  await expect(orderPage.getByTestId('timeline-event').filter({ hasText: 'Refund requested' })).toContainText('R60.00');
  await expect(orderPage.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('a message from the contact page is marked handled, and reopened', async ({ page }) => {
  await page.goto('/');
  const sender = newShopper('Lindiwe', 'Zulu');
  const text = `Do you sell the Lesotho flag in a bigger size? (${sender.email})`;
  const sent = await page.request.post('/api/contact', { data: { name: 'Lindiwe Zulu', email: sender.email, message: text }, headers: origin(page) });
  expect(sent.ok()).toBe(true);

  await signInAsOrderDesk(page);
  await page.goto('/admin?tab=messages');
  const message = page.getByTestId('contact-message').filter({ hasText: text });
  await expect(message).toContainText(sender.email);
  await message.getByRole('button', { name: 'Mark handled' }).click();
  await expect(toast(page, 'Message Handled')).toBeVisible();
  await expect(message).toHaveCount(0);

  await page.getByRole('radio', { name: 'Handled' }).check();
  await expect(message).toContainText(`Handled by ${ADMIN_EMAIL}`);
  await message.getByRole('button', { name: 'Reopen' }).click();
  await expect(toast(page, 'Message Reopened')).toBeVisible();
  await expect(message).toHaveCount(0);
});

test('a signed-in shopper who is not an admin is told Access Denied and lands on the home page', async ({ page }) => {
  await signUp(page, newShopper('Thabo', 'Nkosi'));
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Order Desk' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(toast(page, 'Access Denied', "You don't have admin privileges")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('a signed-out visitor is asked to sign in and stays on the desk after signing in', async ({ page }) => {
  await signInAsOrderDesk(page);
  await page.context().clearCookies();

  await page.goto('/admin');
  const signIn = page.getByRole('dialog');
  await expect(signIn.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Sign in with your admin account to open the order desk.')).toBeAttached();
  await signIn.getByLabel('Email').fill(ADMIN_EMAIL);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  // An admin's user menu leads back to the desk from anywhere in the shop.
  await page.goto('/shop');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Order Desk' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
