/**
 * A shop that takes cards, PayFast, Ozow and bank transfers (PAYMENT_PROVIDERS=sandbox,payfast,
 * ozow,eft, on the stand-ins), at 375 and 1280 px: a shopper pays once with each page-based way and
 * each order appears once with its method; a school chooses "Bank transfer (EFT)", lands on its
 * order with the account, the reference and the day to pay, and the owner marks the payment
 * received on the order desk, which sends the invoice. The shop the other tests use takes cards
 * only, and its checkout asks nothing.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { afterDebounce, expect, expectNoSidewaysScroll, test, toast } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';
import { addToCart, chooseNearestPoint, fillDetails, mailbox, newShopper, pay, signInAs, signUp } from './shopper';

/** Each way to pay on a page of its own: the choice at checkout, the Pay button's end, and what the desk says paid. */
const PAGE_WAYS = [
  { choice: /^Card/, pays: 'by card', paidBy: 'Card (sandbox)' },
  { choice: /^PayFast/, pays: 'with PayFast', paidBy: 'PayFast' },
  { choice: /^Instant EFT \(Ozow\)/, pays: 'by Instant EFT', paidBy: 'Instant EFT (Ozow)' },
];

const BANK = { EFT_ACCOUNT_NAME: 'Cape Flag Company (Pty) Ltd', EFT_BANK: 'First National Bank', EFT_ACCOUNT_NUMBER: '62812345678', EFT_BRANCH_CODE: '250655' };
/** The owner of the shop that takes transfers. */
const TRANSFER_DESK = { name: 'Transfer Desk', email: 'transfer-desk@example.co.za' };

test.describe.configure({ timeout: 120_000 });

let shop: SecondShop;

test.beforeAll(async () => {
  shop = await startSecondShop({ PAYMENT_PROVIDERS: 'sandbox,payfast,ozow,eft', PAYFAST_URL: 'fake', OZOW_URL: 'fake', ...BANK, ADMIN_EMAILS: TRANSFER_DESK.email });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** A buyer's browser on the shop's home page, and the owner's beside it, both at this width. */
async function buyerAndDesk(browser: Browser, width: number): Promise<{ context: BrowserContext; deskContext: BrowserContext; page: Page }> {
  const viewport = { width, height: width === 375 ? 740 : 900 };
  const context = await browser.newContext({ baseURL: shop.url, viewport });
  const deskContext = await browser.newContext({ baseURL: shop.url, viewport });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/');
  return { context, deskContext, page };
}

for (const width of [375, 1280]) {
  test(`a shopper pays once by card, once with PayFast and once by Instant EFT, each order once with its method (${width} px)`, async ({ browser }) => {
    const { context, deskContext, page } = await buyerAndDesk(browser, width);
    try {
      const buyer = newShopper('Ways', 'Topay');
      await signUp(page, buyer);
      const orders: { orderNumber: string; paidBy: string }[] = [];
      for (const way of PAGE_WAYS) {
        await addToCart(page, 'kenya', 'KENYA');
        await page.goto('/checkout');
        await fillDetails(page, { phone: '082 555 0102' });
        await chooseNearestPoint(page);
        await page.getByRole('group', { name: 'How would you like to pay?' }).getByRole('radio', { name: way.choice }).check();
        await expect(page.getByRole('button', { name: new RegExp(`^Pay R[\\d ]+\\.\\d\\d ${way.pays}$`) })).toBeVisible();
        await pay(page);
        // The provider's page (the sandbox's, or PayFast's or Ozow's stand-in, reached through the shop's hand-over).
        await page.getByRole('button', { name: /^Pay R/ }).click();
        await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
        const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
        expect(orders.map((o) => o.orderNumber)).not.toContain(orderNumber);
        orders.push({ orderNumber, paidBy: way.paidBy });
        await expectNoSidewaysScroll(page);
      }
      await expect(async () => {
        const confirmations = (await mailbox(page)).filter((m) => m.to === buyer.email && / confirmed - /.test(m.subject));
        expect(confirmations.map((m) => m.subject).sort()).toEqual(orders.map((o) => `Order ${o.orderNumber} confirmed - Cape Flag Co.`).sort());
      }).toPass();

      // The desk lists each order once, paid, with the way it was paid and its tax invoice.
      const desk = await deskContext.newPage();
      await desk.clock.install();
      await desk.goto('/');
      await signInAs(desk, TRANSFER_DESK);
      for (const { orderNumber, paidBy } of orders) {
        await desk.goto(`/admin?tab=orders&q=${orderNumber}`);
        const row = desk.getByTestId('order-row').and(desk.locator(`[data-order-number="${orderNumber}"]`));
        await expect(row).toHaveCount(1);
        await row.getByRole('link', { name: orderNumber }).click();
        const sheet = desk.getByRole('dialog', { name: `Order ${orderNumber}` });
        await expect(sheet.getByTestId('status-badge')).toHaveText('Paid, to pack');
        await expect(sheet.locator('dt:text-is("Paid by") + dd')).toHaveText(paidBy);
        await expect(sheet.getByTestId('order-document')).toHaveCount(1);
        await expect(sheet.getByTestId('order-document')).toContainText(/INV-\d{6}/);
        if (paidBy !== 'PayFast') continue;
        // PayFast's refunds are made on its dashboard, then recorded here: the credit note follows at once.
        await sheet.getByRole('button', { name: 'Refund', exact: true }).click();
        await expect(sheet).toContainText("Make the refund on PayFast's dashboard (Transactions → Refund) first");
        await sheet.getByLabel('Amount to refund (R)').fill('20.00');
        await sheet.getByLabel('Refund reference').fill('PF-RF-1001');
        await afterDebounce(desk);
        await sheet.getByRole('button', { name: 'Review refund' }).click();
        await sheet.getByRole('button', { name: 'Record refund' }).click();
        await expect(toast(desk, 'Refund Recorded')).toBeVisible();
        await expect(sheet.getByTestId('order-document')).toHaveCount(2);
        await expect(sheet.getByTestId('order-document').nth(1)).toContainText(/CN-\d{6}/);
        await expectNoSidewaysScroll(desk);
      }
      await expectNoSidewaysScroll(desk);
    } finally {
      await context.close();
      await deskContext.close();
    }
  });

  test(`a school pays by bank transfer and the owner marks it paid (${width} px)`, async ({ browser }) => {
    const { context, deskContext, page } = await buyerAndDesk(browser, width);
    try {
      const bursar = newShopper('Bursar', 'Greenfield');
      await signUp(page, bursar);
      await addToCart(page, 'south-africa', 'SOUTH AFRICA');

      await page.goto('/checkout');
      await fillDetails(page, { phone: '082 555 0101' });
      await chooseNearestPoint(page);
      const ways = page.getByRole('group', { name: 'How would you like to pay?' });
      await expect(ways.getByRole('radio', { name: /^Card/ })).toBeChecked();
      await ways.getByRole('radio', { name: /^Bank transfer \(EFT\)/ }).check();
      await expect(page.getByRole('button', { name: /^Pay R[\d ]+\.\d\d by bank transfer$/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await pay(page);

      // No payment page: the order, with where and by when to pay.
      await expect(page).toHaveURL(/\/profile\/orders\/CF-\d+$/);
      const orderNumber = new URL(page.url()).pathname.split('/').pop()!;
      const transfer = page.getByTestId('bank-transfer');
      await expect(transfer.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
      for (const text of ['First National Bank', 'Cape Flag Company (Pty) Ltd', '62812345678', '250655', orderNumber]) await expect(transfer).toContainText(text);
      await expect(page.getByTestId('timeline-event').first()).toContainText('Order placed');
      // The pro-forma invoice to pay from, and the bank's slip sent back.
      const proForma = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download pro-forma invoice' }).click()]);
      expect(proForma[0].suggestedFilename()).toBe(`pro-forma-invoice-${orderNumber}.pdf`);
      await page.getByLabel('Upload proof of payment').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% a bank slip\n%%EOF\n') });
      await expect(page.getByTestId('proofs-sent')).toContainText('slip.pdf');
      await expectNoSidewaysScroll(page);
      await expect(async () => {
        const mail = (await mailbox(page)).find((m) => m.to === bursar.email && m.subject.includes(orderNumber));
        expect(mail?.subject).toBe(`Order ${orderNumber}: please pay by bank transfer - Cape Flag Co.`);
        expect(mail?.text).toContain(`Reference: ${orderNumber}`);
      }).toPass();

      // The owner sees the money reflect and marks the order paid.
      const desk = await deskContext.newPage();
      await desk.clock.install();
      await desk.goto('/');
      await signInAs(desk, TRANSFER_DESK);
      await desk.goto(`/admin?tab=orders&q=${orderNumber}`);
      await desk.getByTestId('order-row').and(desk.locator(`[data-order-number="${orderNumber}"]`)).getByRole('link', { name: orderNumber }).click();
      const sheet = desk.getByRole('dialog', { name: `Order ${orderNumber}` });
      await expect(sheet).toContainText('Awaiting payment');
      await expect(sheet.getByRole('link', { name: /^Open slip\.pdf/ })).toBeVisible();
      await expect(sheet.getByTestId('timeline-event')).toContainText(['Proof of payment uploaded: slip.pdf']);
      await sheet.getByRole('button', { name: 'Mark payment received' }).click();
      await expect(sheet.getByLabel('Amount received (R)')).not.toHaveValue('');
      await sheet.getByRole('button', { name: 'Review payment' }).click();
      await sheet.getByRole('button', { name: 'Confirm payment received' }).click();
      await expect(sheet.getByTestId('status-badge')).toHaveText('Paid, to pack');
      await expectNoSidewaysScroll(desk);

      // The buyer's order now says it is paid, with the tax invoice.
      await page.reload();
      await expect(page.getByTestId('bank-transfer')).toHaveCount(0);
      await expect(page.getByTestId('timeline-event')).toContainText(['Order placed', 'Payment received']);
      await expect(page.getByTestId('order-documents').getByRole('link', { name: 'Download tax invoice' })).toBeVisible();
      await expect(async () => {
        const mail = (await mailbox(page)).find((m) => m.to === bursar.email && m.subject === `Order ${orderNumber} confirmed - Cape Flag Co.`);
        expect(mail?.text).toContain('is attached');
      }).toPass();
    } finally {
      await context.close();
      await deskContext.close();
    }
  });
}
