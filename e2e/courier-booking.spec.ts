/**
 * A shop whose courier is Shiplogic (a local fake of its API): a shopper pays for courier
 * delivery, the order desk books the courier, which fills in the tracking number, and prints the
 * label; the courier's tracking webhook and the desk's Check tracking follow the parcel to the door.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { clickAgain, expect, fetchProduct, effectivePriceCents, test, toast } from './fixtures';
import { PASSWORD } from './shopper';
import { startSecondShop, type SecondShop } from './second-shop';
import { startShiplogicFake, type ShiplogicFake } from '../src/server/testing/shiplogic-fake';

const DESK = 'courier-desk@example.co.za';
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const address = { street: '20 Florida Road', suburb: 'Morningside', city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001', instructions: 'Reception' };

let fake: ShiplogicFake;
let shop: SecondShop;

test.beforeAll(async () => {
  fake = await startShiplogicFake();
  shop = await startSecondShop({
    ...fake.settings,
    ADMIN_EMAILS: DESK,
    COURIER_TRACKING_URL: 'https://track.example/{trackingNumber}',
    SHIPLOGIC_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  fake.webhookUrl = `${shop.url}/api/delivery/tracking-webhook?secret=${WEBHOOK_SECRET}`;
});

test.afterAll(async () => {
  await shop?.stop();
  await fake?.close();
});

/** Signs up on that shop and opens the emailed link, through its API (whole addresses: `api` may have another base): the session stays with `api`. */
async function signUp(api: APIRequestContext, name: string, email: string): Promise<void> {
  const headers = { origin: shop.url };
  expect((await api.post(`${shop.url}/api/auth/sign-up/email`, { data: { name, email, password: PASSWORD }, headers })).ok()).toBe(true);
  let link = '';
  await expect(async () => {
    const { messages } = (await (await api.get(`${shop.url}/dev/mailbox.json`)).json()) as { messages: { to: string; text?: string }[] };
    link = /\/verify-email\?\S+/.exec(messages.find((m) => m.to === email && m.text?.includes('/verify-email?'))?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass();
  expect((await api.get(`${shop.url}/api/auth${link}`)).ok()).toBe(true);
}

test('the order desk books the courier for a paid courier order, prints its label and follows the parcel to the door', async ({ page, playwright, browser }) => {
  const headers = { origin: shop.url };
  const shopper = await playwright.request.newContext({ baseURL: shop.url });
  await signUp(shopper, 'Ayanda Zulu', `ayanda-${Date.now()}@example.co.za`);
  const { sessionId } = (await (await shopper.post('/api/cart/claim', { data: {}, headers })).json()) as { sessionId: string };
  const product = await fetchProduct(shopper, 'south-africa');
  expect((await shopper.post('/api/cart', { data: { sessionId, productId: product.id, quantity: 2 }, headers })).status()).toBe(201);
  const { rates } = (await (await shopper.post('/api/delivery/courier-rates', { data: { address }, headers })).json()) as { rates: { serviceLevel: string; priceCents: number }[] };
  const created = await shopper.post('/api/payments/yoco/create-checkout', {
    data: {
      amount: 2 * effectivePriceCents(product) + rates[0]!.priceCents,
      metadata: {
        customerInfo: { firstName: 'Ayanda', lastName: 'Zulu', email: 'ayanda@example.co.za', phone: '083 555 0123' },
        deliveryMethod: 'courier',
        courier: { serviceLevel: 'economy', address },
      },
    },
    headers,
  });
  expect(created.ok()).toBe(true);
  const { id, redirectUrl } = (await created.json()) as { id: string; redirectUrl: string };
  expect((await shopper.post(`${new URL(redirectUrl).pathname}/pay`, { headers, maxRedirects: 0 })).status()).toBe(303);
  const completed = (await (await shopper.post('/api/payments/complete', { data: { checkoutId: id }, headers })).json()) as { order: { orderNumber: string } };
  const { orderNumber } = completed.order;
  const shopperSession = await shopper.storageState();
  await shopper.dispose();

  await signUp(page.request, 'Courier Desk', DESK);
  await page.goto(`${shop.url}/admin?tab=unfulfilled`);
  await page.getByRole('link', { name: orderNumber }).first().click();
  const orderPage = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(orderPage.getByTestId('delivery-address')).toContainText('20 Florida Road, Morningside, Durban, KwaZulu-Natal, 4001');
  await expect(orderPage.getByTestId('delivery-address')).toContainText('Reception');
  await expect(orderPage.getByRole('button', { name: 'Mark arrived at pickup point' })).toHaveCount(0);

  await orderPage.getByRole('button', { name: 'Book courier' }).click();
  await expect(toast(page, 'Courier Booked')).toBeVisible();
  const shipment = [...fake.shipments.values()].find((s) => s.customer_reference === orderNumber)!;
  await expect(orderPage.getByTestId('status-badge')).toHaveText('Fulfilled');
  await expect(orderPage.getByTestId('timeline-event').nth(1)).toContainText('Handed to the courier');
  await expect(orderPage.getByTestId('timeline-event').nth(1)).toContainText(shipment.short_tracking_reference);
  await expect(orderPage.getByRole('button', { name: 'Book courier' })).toHaveCount(0);

  const label = orderPage.getByRole('link', { name: 'Print label (PDF)' });
  const pdf = await page.request.get(new URL((await label.getAttribute('href'))!, shop.url).toString());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The courier collects the parcel: its webhook moves the order, and Check tracking finds nothing newer.
  const reference = shipment.short_tracking_reference;
  expect(await fake.track(reference, 'collected', { location: 'Durban depot' })).toBe(200);
  await orderPage.getByRole('button', { name: 'Check tracking' }).click();
  await expect(toast(page, 'Tracking Checked', `The courier reports nothing new for order ${orderNumber} (With the courier)`)).toBeVisible();
  await expect(orderPage.getByTestId('status-badge')).toHaveText('With the courier');
  await expect(orderPage.getByTestId('timeline-event').nth(2)).toContainText('With the courier');
  await expect(orderPage.getByTestId('timeline-event').nth(2)).toContainText('The courier reports "collected" at Durban depot');

  // A webhook that never arrives: Check tracking asks the courier itself.
  fake.webhookUrl = undefined;
  await fake.track(reference, 'out-for-delivery');
  // The same button again: once its repeat-click window has passed, or the click is ignored.
  await clickAgain(page, orderPage.getByRole('button', { name: 'Check tracking' }));
  await expect(toast(page, 'Tracking Checked', `The courier reports order ${orderNumber} out for delivery`)).toBeVisible();
  await expect(orderPage.getByTestId('status-badge')).toHaveText('Out for delivery');

  // The customer rang: the flags came. The desk marks it delivered, and the steps are gone.
  await orderPage.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'Order Delivered')).toBeVisible();
  await expect(orderPage.getByTestId('status-badge')).toHaveText('Delivered');
  await expect(orderPage.getByRole('button', { name: 'Check tracking' })).toHaveCount(0);
  await expect(orderPage.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);

  // On a phone, the customer's order page tells the same story.
  const phone = await browser.newContext({ storageState: shopperSession, viewport: { width: 375, height: 812 } });
  const customer = await phone.newPage();
  await customer.goto(`${shop.url}/profile/orders/${orderNumber}`);
  const timeline = customer.getByTestId('order-timeline');
  await expect(timeline.getByTestId('timeline-event')).toHaveText([/Order placed and paid/, /Handed to the courier/, /With the courier/, /Out for delivery today/, /Delivered.*20 Florida Road/]);
  await expect(customer.getByText('Delivered', { exact: true }).first()).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();
});
