/**
 * The order desk for an owner on a phone (375 px) and at a laptop (1280 px): every tab and dialog
 * fits the screen with its buttons in reach and gives the focus back to what opened it, the orders
 * are a sortable table on a laptop and cards on a phone with one status phrase each, and an owner
 * whose email is on the admin list but not verified is asked to verify it.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { afterDebounce, expect, expectNoSidewaysScroll, test, toast } from './fixtures';
import { PHONE_ADMIN_EMAIL, UNVERIFIED_ADMIN_EMAIL } from './admins';
import { buyThroughApi, mailbox, newShopper, signInAs, signInAsAdmin, signUp, verificationLink, type Purchase } from './shopper';

const PHONE = { width: 375, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

test.describe.configure({ timeout: 150_000 });

const signInAsOwner = (page: Page) => signInAsAdmin(page, PHONE_ADMIN_EMAIL);

/** The dialog lies inside the screen from side to side, and each button can be scrolled to and seen whole. */
async function expectDialogFits(page: Page, dialog: Locator, buttons: Locator[]): Promise<void> {
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const screen = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectNoSidewaysScroll(page);
}

/** Which ends of a sideways-scrolling strip fade out (its mask turns transparent there): the cue that more tabs lie past them. */
function fadedEdges(strip: Locator): Promise<{ start: boolean; end: boolean }> {
  return strip.evaluate((list) => {
    const mask = getComputedStyle(list).maskImage;
    const clear = /rgba\(0, 0, 0, 0\)|transparent/;
    const stops = mask === 'none' ? [] : mask.replace(/^linear-gradient\(to right,\s*/, '').split(/,\s*(?![^(]*\))/);
    return { start: clear.test(stops[0] ?? ''), end: clear.test(stops.at(-1) ?? '') };
  });
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-selected', 'true');
}

function orderRow(page: Page, orderNumber: string): Locator {
  return page.getByTestId('order-row').and(page.locator(`[data-order-number="${orderNumber}"]`));
}

/** A paid order of a shopper of its own, made in a browser of its own. */
async function paidOrder(browser: Browser): Promise<Purchase & { email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const shopper = newShopper('Ayanda', 'Khumalo');
  await signUp(page, shopper);
  const purchase = await buyThroughApi(page, shopper, { slug: 'ghana', phone: '083 555 0123' });
  await context.close();
  return { ...purchase, email: shopper.email };
}

test('on a 375 px phone every desk tab and dialog fits the screen, and closing a dialog gives the focus back to its opener', async ({ page, browser }) => {
  const { orderNumber } = await paidOrder(browser);
  await page.setViewportSize(PHONE);
  await signInAsOwner(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  // The tabs run past the screen's right edge, which fades to say so; scrolled to the end, the fade moves to the left.
  const strip = page.getByRole('tablist', { name: 'Order desk' });
  expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  await expect.poll(() => fadedEdges(strip)).toEqual({ start: false, end: true });
  await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
  await expect.poll(() => fadedEdges(strip)).toEqual({ start: true, end: false });
  await strip.evaluate((list) => list.scrollTo({ left: 0 }));

  // The overview's figures are a list of names and values, and nothing else.
  await expect(page.getByTestId('total-orders-value')).toBeVisible();
  const figures = page.locator('dl').filter({ has: page.getByTestId('total-orders') });
  expect(await figures.evaluate((list) => [...list.children].every((group) => group.tagName === 'DIV' && [...group.children].every((c) => ['DT', 'DD'].includes(c.tagName))))).toBe(true);
  await expectNoSidewaysScroll(page);

  for (const [tab, heading] of [
    ['All Orders', 'All orders'],
    ['Unfulfilled', 'Unfulfilled orders'],
    ['Products', 'Products'],
    ['Messages', 'Messages'],
    ['Quotes', 'Quote requests'],
    ['Activity', 'Activity'],
    ['Page speed', 'Page speed'],
    ['Overview', 'Overview'],
  ] as const) {
    await openTab(page, tab);
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  }

  // Products: the list and the Add Flag dialog fit; Escape gives the focus back to Add Flag.
  await openTab(page, 'Products');
  await expect(page.getByTestId('admin-product-row').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The list itself fits too: each row's Edit button is on the screen without scrolling the table.
  const productList = page.getByTestId('admin-products');
  expect(await productList.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
  const addFlag = page.getByRole('button', { name: 'Add Flag' });
  await addFlag.click();
  const addDialog = page.getByRole('dialog', { name: 'Add a Flag' });
  await expectDialogFits(page, addDialog, [addDialog.getByLabel('Region'), addDialog.getByRole('button', { name: 'Add Flag' }), addDialog.getByRole('button', { name: 'Close', exact: true }).last()]);
  await page.keyboard.press('Escape');
  await expect(addDialog).toBeHidden();
  await expect(addFlag).toBeFocused();

  const edit = page.getByRole('button', { name: 'Edit South Africa' });
  await edit.click();
  const editDialog = page.getByRole('dialog', { name: 'Edit South Africa' });
  await expectDialogFits(page, editDialog, [editDialog.getByRole('button', { name: 'Save Changes' }), editDialog.getByRole('button', { name: 'Upload Picture' })]);
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();

  // Unfulfilled: cards on the phone, the status phrase on each, and the Fulfill Order dialog.
  await openTab(page, 'Unfulfilled');
  const card = orderRow(page, orderNumber);
  await expect(card).toBeVisible();
  expect(await card.evaluate((element) => element.tagName)).toBe('LI');
  await expect(card.getByTestId('status-badge')).toHaveText('Paid, to pack');
  const fulfil = card.getByRole('button', { name: `Fulfill order ${orderNumber}` });
  await fulfil.click();
  const fulfilDialog = page.getByRole('dialog', { name: 'Fulfill Order' });
  await expectDialogFits(page, fulfilDialog, [fulfilDialog.getByRole('button', { name: 'Fulfill Order' }), fulfilDialog.getByRole('button', { name: 'Cancel' })]);
  await fulfilDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(fulfilDialog).toBeHidden();
  await expect(fulfil).toBeFocused();

  // The order's page fills the phone's screen; the cancel confirmation fits in it; closing returns to the order's link.
  const link = card.getByRole('link', { name: orderNumber });
  await link.click();
  const sheet = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(sheet.getByTestId('status-badge')).toHaveText('Paid, to pack');
  await expectDialogFits(page, sheet, [sheet.getByRole('button', { name: 'Cancel order' }), sheet.getByRole('button', { name: 'Refund', exact: true })]);
  // Escape in the order's Fulfill form closes the form, not the order's page, and the focus goes back to Fulfill.
  const fulfilForm = sheet.getByRole('button', { name: 'Fulfill', exact: true });
  await fulfilForm.click();
  await expect(sheet.getByLabel('Tracking Number')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet.getByLabel('Tracking Number')).toHaveCount(0);
  await expect(sheet).toBeVisible();
  await expect(fulfilForm).toBeFocused();
  await sheet.getByRole('button', { name: 'Cancel order' }).click();
  await sheet.getByRole('button', { name: 'Review cancellation' }).click();
  await expectDialogFits(page, sheet, [sheet.getByRole('button', { name: 'Yes, cancel the order' }), sheet.getByRole('button', { name: 'Back', exact: true })]);
  await sheet.getByRole('button', { name: 'Back', exact: true }).click();
  await sheet.getByRole('button', { name: 'Refund', exact: true }).click();
  await afterDebounce(page);
  await sheet.getByRole('button', { name: 'Review refund' }).click();
  await expectDialogFits(page, sheet, [sheet.getByRole('button', { name: 'Confirm refund' }), sheet.getByRole('button', { name: 'Back', exact: true })]);
  await sheet.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sheet).toBeHidden();
  await expect(link).toBeFocused();
});

test('at a laptop the orders are a table sorted by its columns, the sort kept in the address, and the status filter uses the orders\' own words', async ({ page, browser }) => {
  const first = await paidOrder(browser);
  const second = await paidOrder(browser);
  await page.setViewportSize(LAPTOP);
  await signInAsOwner(page);
  await page.goto('/admin?tab=orders');

  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible();
  const row = orderRow(page, second.orderNumber);
  await expect(row.getByTestId('status-badge')).toHaveText('Paid, to pack');
  await expect(row).toContainText(second.email);
  await expect(row).toContainText('Ghana (150 × 90 cm) × 1');

  // The status filter offers the same words, and finds the orders that show them.
  const status = page.getByLabel('Status', { exact: true });
  const choices = await status.locator('option').allTextContents();
  expect(choices).toEqual([
    'All statuses',
    'Awaiting payment',
    'Paid, to pack',
    'Fulfilled',
    'Ready for collection',
    'Collected',
    'With the courier',
    'Out for delivery',
    'Delivery failed',
    'Delivered',
    'Cancelled',
  ]);
  await status.selectOption({ label: 'Paid, to pack' });
  await expect(page).toHaveURL(/[?&]status=unfulfilled/);
  await expect(row).toBeVisible();
  // The list refetches after the address changes: wait until every row shown is one of the filter's.
  await expect.poll(async () => (await table.getByTestId('status-badge').allTextContents()).every((phrase) => phrase.startsWith('Paid, to pack'))).toBe(true);

  // Newest first, then by the columns: each heading says which way it sorts.
  const numbers = () => table.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number')!));
  await expect.poll(async () => (await numbers()).indexOf(second.orderNumber) < (await numbers()).indexOf(first.orderNumber)).toBe(true);
  const dateHeading = table.getByRole('columnheader', { name: 'Date', exact: true });
  await expect(dateHeading).toHaveAttribute('aria-sort', 'descending');

  await table.getByRole('button', { name: 'Date', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=date-asc/);
  await expect(dateHeading).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await numbers()).indexOf(first.orderNumber) < (await numbers()).indexOf(second.orderNumber)).toBe(true);

  const totals = () => table.getByTestId('order-total').evaluateAll((cells) => cells.map((c) => Number(c.textContent!.replace(/[^\d]/g, ''))));
  await table.getByRole('button', { name: 'Total', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=total-desc/);
  await expect(table.getByRole('columnheader', { name: 'Total', exact: true })).toHaveAttribute('aria-sort', 'descending');
  await expect(dateHeading).toHaveAttribute('aria-sort', 'none');
  await expect.poll(async () => {
    const shown = await totals();
    return shown.every((total, i) => i === 0 || shown[i - 1]! >= total);
  }).toBe(true);

  await table.getByRole('button', { name: 'Customer', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=customer-asc/);
  const names = () => table.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.querySelector('td:nth-of-type(2) span')!.textContent!.toLowerCase()));
  await expect.poll(async () => {
    const shown = await names();
    return shown.every((name, i) => i === 0 || shown[i - 1]!.localeCompare(name) <= 0);
  }).toBe(true);

  // A reload keeps the sort and the filter; the export follows both.
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Customer', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(status).toHaveValue('unfulfilled');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /sort=customer-asc/);

  // The Unfulfilled tab: oldest first, and the same headings sort it.
  await openTab(page, 'Unfulfilled');
  const waiting = page.getByRole('table', { name: 'Unfulfilled orders' });
  await expect(waiting.getByRole('columnheader', { name: 'Date', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await waiting.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=number-desc/);
  await expect.poll(async () => {
    const shown = await waiting.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number')!));
    return shown.length > 0 && shown.join() === [...shown].sort((a, b) => a.length - b.length || a.localeCompare(b)).reverse().join();
  }).toBe(true);
  await expectNoSidewaysScroll(page);
});

test('an owner whose email is on the admin list but not verified is asked to verify it, can have the email sent again, and gets the desk by itself once the link is opened in another tab', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  const owner = { name: 'New Owner', email: UNVERIFIED_ADMIN_EMAIL };
  await signInAs(page, owner, { verify: false });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Verify your email to open the order desk' })).toBeVisible();
  await expect(page.getByText(`${UNVERIFIED_ADMIN_EMAIL} is on the shop's admin list, but the address is not verified yet.`)).toBeVisible();
  await expect(page.getByText('Access Denied')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  await expectNoSidewaysScroll(page);

  // The sign-up's own link goes out through the outbox a moment later: counted before it arrived, it
  // and the resent one would both show up as new.
  await verificationLink(page, owner);
  const sentBefore = (await mailbox(page)).filter((m) => m.to === UNVERIFIED_ADMIN_EMAIL && m.html.includes('/verify-email?token=')).length;
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(toast(page, 'Verification Email Sent')).toBeVisible();
  await expect.poll(async () => (await mailbox(page)).filter((m) => m.to === UNVERIFIED_ADMIN_EMAIL && m.html.includes('/verify-email?token=')).length).toBe(sentBefore + 1);

  // Still not verified: asking again says so.
  await afterDebounce(page);
  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(toast(page, 'Not Verified Yet')).toBeVisible();

  await page.setViewportSize(LAPTOP);
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  const mailTab = await context.newPage();
  await mailTab.goto(await verificationLink(page, owner, sentBefore + 1));
  await expect(mailTab.getByText('Your email address has been verified successfully', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});
