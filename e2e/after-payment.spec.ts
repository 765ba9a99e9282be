/**
 * After the payment page, the declined journey on a desktop (1280 px) and the paid one on a phone
 * (375 px), where the order's pages have least room: a declined card lands on
 * /payment/failed with one message and a reference, and Try Again goes back to checkout with the
 * cart; a paid order's success page lists the flags with their pictures and rand amounts that add
 * up; My Profile opens the order's own page, which shows the tracking link once the desk sends it.
 */
import type { Browser, Locator } from '@playwright/test';
import { cartBadge, expect, expectNoSidewaysScroll, notifications, rand, test, toast } from './fixtures';
import { PARCELS_ADMIN_EMAIL } from './admins';
import { addToCart, buyThroughApi, buyWithSandbox, newShopper, openPaymentPage, origin, PASSWORD, signInAsAdmin, signUp } from './shopper';
import { parseRandToCents } from '../src/shared/money';
import type { AdminOrder } from '../src/shared/order-desk';

// Each test signs up and goes through the payment page and back.
test.describe.configure({ timeout: 120_000 });

/** An amount as the shop writes it, in cents; fails on any other way of writing money. */
async function centsIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent())!.trim();
  expect(text).toMatch(/^R\d{1,3}( \d{3})*\.\d{2}$/);
  return parseRandToCents(text)!;
}

/** The order desk sends the parcel with this tracking number, as an admin in a browser of its own. */
async function deskSends(browser: Browser, orderNumber: string, trackingNumber: string): Promise<void> {
  const desk = await (await browser.newContext()).newPage();
  await signInAsAdmin(desk, PARCELS_ADMIN_EMAIL);
  const found = await desk.request.get(`/api/admin/orders?q=${orderNumber}`);
  expect(found.ok()).toBe(true);
  const order = ((await found.json()) as AdminOrder[]).find((o) => o.orderNumber === orderNumber)!;
  const sent = await desk.request.post(`/api/admin/orders/${order.id}/fulfill`, { data: { trackingNumber }, headers: origin(desk) });
  expect(sent.ok()).toBe(true);
  await desk.context().close();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a declined card lands on the failed page with one message and a reference; Try Again keeps the cart', async ({ page }) => {
    await signUp(page, newShopper('Pieter', 'van Wyk'));
    await addToCart(page, 'germany', 'GERMANY');
    await openPaymentPage(page, { phone: '0611234567' });
    const checkoutId = (await page.evaluate(() => localStorage.getItem('current-checkout-id')))!;
    await page.getByRole('button', { name: /^Decline/ }).click();

    await expect(page).toHaveURL(new RegExp(`/payment/failed\\?checkoutId=${checkoutId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
    const message = page.getByRole('alert');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText("We couldn't process your payment: your card was declined, and no money was taken.");
    await expect(message).toContainText('try again, with another card');
    await expect(page.getByTestId('payment-reference')).toHaveText(checkoutId.slice(0, 8).toUpperCase());
    // Said once: no toast repeats it.
    await expect(notifications(page).getByRole('listitem', { includeHidden: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await expectNoSidewaysScroll(page);

    // The success address with a declined checkout (a provider that sends every return there) moves to the failed one.
    await page.goto(`/payment/success?checkoutId=${checkoutId}`);
    await expect(page).toHaveURL(new RegExp(`/payment/failed\\?checkoutId=${checkoutId}$`));
    await expect(page.getByRole('alert')).toContainText('your card was declined');

    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('complementary', { name: 'Order summary' }).getByTestId('summary-item')).toHaveCount(1);
    await expect(cartBadge(page)).toHaveText('1');
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 900 } });

  test("a paid order's success page lists the flags in rand that add up, and My Profile opens the order with its tracking link once sent", async ({ page, browser }) => {
    await signUp(page, newShopper('Thandi', 'Nkosi'));
    await addToCart(page, 'south-africa', 'SOUTH AFRICA');
    await addToCart(page, 'south-africa', 'SOUTH AFRICA');
    await addToCart(page, 'kenya', 'KENYA');
    const { orderNumber, pointName } = await buyWithSandbox(page, { phone: '082 123 4567', express: true });
    await expect(toast(page, 'Payment Successful!')).toBeVisible();

    const yourOrder = page.getByTestId('your-order');
    const lines = yourOrder.getByTestId('order-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('South Africa');
    await expect(lines.nth(0).getByTestId('order-line-quantity')).toHaveText(/^2 × R\d/);
    await expect(lines.nth(1)).toContainText('Kenya');
    for (const [i, country] of [[0, 'South Africa'], [1, 'Kenya']] as const) {
      const picture = lines.nth(i).getByRole('img', { name: `Flag of ${country}` });
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    let linesCents = 0;
    for (const total of await lines.getByTestId('order-line-total').all()) linesCents += await centsIn(total);
    const subtotal = await centsIn(yourOrder.getByTestId('order-subtotal'));
    const fee = await centsIn(yourOrder.getByTestId('order-fee'));
    const total = await centsIn(yourOrder.getByTestId('order-total'));
    expect(subtotal).toBe(linesCents);
    expect(fee).toBe(11_000);
    expect(total).toBe(subtotal + fee);
    await expect(yourOrder).toContainText('PAXI Express collection fee');
    // One way of writing money on the whole page.
    await expect(page.getByTestId('payment-details')).toContainText(rand(total));
    await expect(page.locator('main')).not.toContainText('ZAR');
    await expectNoSidewaysScroll(page);

    // My Profile → the order's own page.
    await page.goto('/profile');
    await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(page.getByTestId('order-status')).toHaveText('Paid, being prepared');
    const items = page.getByTestId('order-items');
    await expect(items.getByTestId('order-line')).toHaveCount(2);
    await expect(items.getByRole('img', { name: 'Flag of Kenya' })).toBeVisible();
    await expect(items.getByTestId('order-total')).toHaveText(rand(total));
    await expect(page.getByTestId('order-point')).toContainText(pointName);
    await expect(page.getByTestId('timeline-event')).toHaveText([/Order placed and paid/]);
    await expect(page.getByTestId('order-tracking')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // Once the desk sends the parcel, the page shows the step and the tracking link.
    const trackingNumber = `PX-${Date.now()}`;
    await deskSends(browser, orderNumber, trackingNumber);
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await expect(page.getByTestId('timeline-event')).toHaveText([/Order placed and paid/, new RegExp(`Sent to PAXI.*Tracking number ${trackingNumber}`)]);
    const tracking = page.getByTestId('order-tracking');
    await expect(tracking).toContainText(trackingNumber);
    await expect(tracking.getByRole('link', { name: "Track your parcel on PAXI's website" })).toHaveAttribute('href', 'https://www.paxi.co.za/track');
    await expectNoSidewaysScroll(page);

    // Another shopper's browser cannot open it.
    const stranger = await (await browser.newContext()).newPage();
    await signUp(stranger, newShopper('Sipho', 'Dlamini'));
    await stranger.goto(`/profile/orders/${orderNumber}`);
    await expect(stranger.getByText('Order not found')).toBeVisible();
    await expect(stranger.getByText(pointName)).toHaveCount(0);
    await stranger.context().close();
  });
});

test('the success page opened signed out asks to sign in, not about an authentication error, then shows the paid order', async ({ page }) => {
  const shopper = newShopper('Nandi', 'Cele');
  await signUp(page, shopper);
  const { orderNumber, checkoutId } = await buyThroughApi(page, shopper, { slug: 'kenya', phone: '0821234567' });
  await page.context().clearCookies();

  await page.goto(`/payment/success?checkoutId=${checkoutId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Sign in to see this order', level: 1 })).toBeVisible();
  await expect(page.getByText('Authentication Error')).toHaveCount(0);
  await main.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
});
