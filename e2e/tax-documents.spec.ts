/**
 * Tax invoices and credit notes on a 375 px phone and at a 1280 px laptop: the shopper downloads
 * the tax invoice of a paid order from the order's page; the owner downloads the same file from the
 * order desk, refunds part of the order and, once the payment provider confirms the refund,
 * downloads its credit note; the Documents tab lists both with the period's VAT report and its
 * files, keeps the period in the address, and shows the server's words for a period back to front.
 */
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { afterDebounce, expect, expectNoSidewaysScroll, test, toast } from './fixtures';
import { BOOKS_ADMIN_EMAIL } from './admins';
import { buyThroughApi, newShopper, signInAsAdmin, signUp } from './shopper';
import { parseRandToCents } from '../src/shared/money';
import { todayInSouthAfrica } from '../src/shared/profile';
import { pdfText } from '../src/server/testing/pdf-text';

// Each test buys a flag, then signs in as the owner and waits for the refund's confirmation.
test.describe.configure({ timeout: 150_000 });

/** Clicks a download link: the file's name as the browser saves it, and its bytes. */
async function download(page: Page, link: Locator): Promise<{ name: string; content: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), content: await fs.readFile(await file.path()) };
}

/** The serial in a document's file name: tax-invoice-INV-000012.pdf → INV-000012. */
function serialOf(fileName: string): string {
  return /(INV|CN)-\d{6,9}/.exec(fileName)![0];
}

/** A figure of the VAT report in cents; a credit-heavy period's is negative. */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(`${testId}-value`).textContent())!.trim();
  return text.startsWith('-') ? -parseRandToCents(text.slice(1))! : parseRandToCents(text)!;
}

function documentRow(page: Page, serial: string): Locator {
  return page.getByTestId('document-row').and(page.locator(`[data-serial="${serial}"]`));
}

// At a phone's width, where the Documents tab's rows are cards; its table at a laptop's is a component test (DocumentList.test.tsx).
test.describe('at 375 px', () => {
  const width = 375;

  test("the shopper and the owner download the same tax invoice, a part refund's credit note follows, and the Documents tab lists both with the VAT report", async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const shopper = newShopper('Sipho', 'Dlamini');
    await signUp(page, shopper);
    const { orderNumber } = await buyThroughApi(page, shopper, { slug: 'south-africa', phone: '082 555 0199' });

    // My Profile → the order's page → its tax invoice.
    await page.goto('/profile');
    await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderNumber}$`));
    const invoice = await download(page, page.getByTestId('order-documents').getByRole('link', { name: 'Download tax invoice' }));
    expect(invoice.name).toMatch(/^tax-invoice-INV-\d{6}\.pdf$/);
    const invoiceSerial = serialOf(invoice.name);
    const invoiceText = await pdfText(invoice.content);
    for (const words of ['Tax Invoice', invoiceSerial, orderNumber]) expect(invoiceText).toContain(words);
    await expectNoSidewaysScroll(page);

    // The owner opens the order on the desk and downloads the same file.
    await page.context().clearCookies();
    await signInAsAdmin(page, BOOKS_ADMIN_EMAIL);
    await page.goto(`/admin?tab=orders&q=${orderNumber}`);
    await page.getByTestId('order-row').and(page.locator(`[data-order-number="${orderNumber}"]`)).getByRole('link', { name: orderNumber }).click();
    const sheet = page.getByRole('dialog', { name: `Order ${orderNumber}` });
    const sheetDocuments = sheet.getByTestId('order-documents');
    await expect(sheetDocuments.getByTestId('order-document')).toHaveCount(1);
    await expect(sheetDocuments).toContainText(invoiceSerial);
    const deskInvoice = await download(page, sheetDocuments.getByRole('link', { name: 'Download tax invoice' }));
    expect(deskInvoice.name).toBe(invoice.name);
    expect(deskInvoice.content.equals(invoice.content)).toBe(true);
    await expectNoSidewaysScroll(page);

    // Part of it back; the credit note is issued when the payment provider confirms the refund.
    await sheet.getByRole('button', { name: 'Refund', exact: true }).click();
    await sheet.getByLabel('Amount to refund (R)').fill('50');
    await afterDebounce(page);
    await sheet.getByRole('button', { name: 'Review refund' }).click();
    await sheet.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(toast(page, 'Refund Requested')).toBeVisible();
    const creditLink = sheetDocuments.getByRole('link', { name: 'Download credit note' });
    await expect(async () => {
      await page.reload();
      await expect(creditLink).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const credit = await download(page, creditLink);
    expect(credit.name).toMatch(/^credit-note-CN-\d{6}\.pdf$/);
    const creditSerial = serialOf(credit.name);
    const creditText = await pdfText(credit.content);
    for (const words of ['Credit Note', creditSerial, invoiceSerial]) expect(creditText).toContain(words);
    await expect(sheetDocuments.getByTestId('order-document').filter({ hasText: creditSerial })).toContainText('R50.00');
    await expectNoSidewaysScroll(page);

    // The Documents tab: both documents this month, the VAT report, its CSV.
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(sheet).toBeHidden();
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/[?&]tab=documents$/);
    await expect(page.getByRole('heading', { name: 'Tax documents', level: 2 })).toBeVisible();
    const invoiceRow = documentRow(page, invoiceSerial);
    const creditRow = documentRow(page, creditSerial);
    await expect(invoiceRow).toContainText('Tax Invoice');
    await expect(invoiceRow).toContainText(orderNumber);
    await expect(invoiceRow).toContainText('Sipho Dlamini');
    await expect(creditRow).toContainText('Credit Note');
    await expect(creditRow).toContainText('-R50.00');
    // A table at a laptop, cards on the phone.
    expect(await invoiceRow.evaluate((row) => row.tagName)).toBe(width >= 1024 ? 'TR' : 'LI');
    const fromTheTab = await download(page, creditRow.getByRole('link', { name: 'Download credit note' }));
    expect(fromTheTab.content.equals(credit.content)).toBe(true);

    await expect(page.getByText("The figures for the period's VAT201 return")).toBeVisible();
    expect(await figure(page, 'report-net')).toBe((await figure(page, 'report-output-vat')) - (await figure(page, 'report-credits-vat')));
    expect(await figure(page, 'report-credits')).toBeGreaterThanOrEqual(5_000);
    const chart = page.getByRole('figure', { name: 'Sales and credit notes per month' });
    await chart.getByText('Show the figures as a table').click();
    await expect(chart.getByRole('table')).toContainText('Credit notes');
    const report = await download(page, page.getByRole('link', { name: 'VAT report CSV' }));
    expect(report.name).toMatch(/^vat-report-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(report.content.toString('utf8')).toContain('Month,Sales incl. VAT (R),Output VAT (R),Credit notes incl. VAT (R),VAT in credit notes (R),Net VAT (R)');
    await expectNoSidewaysScroll(page);

    // The period is kept in the address, and a reload keeps it.
    const today = todayInSouthAfrica();
    await page.getByLabel('From', { exact: true }).fill(today);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${today}`));
    await page.reload();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
    await expect(creditRow).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register CSV' })).toHaveAttribute('href', new RegExp(`from=${today}`));

    // A period with nothing in it, and one back to front, which the server refuses in its own words.
    await page.goto('/admin?tab=documents&from=2020-01-01&to=2020-01-31');
    await expect(page.getByText('No invoices or credit notes in this period')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(`/admin?tab=documents&from=${today}&to=2020-01-31`);
    await expect(page.getByRole('alert').filter({ hasText: 'The "from" day must be on or before the "to" day' })).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('document-row')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
