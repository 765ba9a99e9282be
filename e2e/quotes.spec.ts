/**
 * Request a quote: a school's bursar starts from a flag's page, asks for 150 of its 90 × 60 cm size
 * and two flags of the school's own crest, and gets the reference; the owner finds the request on the
 * order desk, prices each line and sends the quote, which reaches the bursar by email. At 375 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test } from './fixtures';
import { QUOTES_ADMIN_EMAIL } from './admins';
import { adminPage, mailbox, newShopper } from './shopper';

test.describe.configure({ timeout: 90_000 });

async function requestQuote(page: Page, email: string): Promise<string> {
  await page.goto('/product/south-africa?size=90x60');
  await page.getByTestId('buy-box').getByRole('link', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/quote\?flag=south-africa&size=90x60$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Request a quote' })).toBeVisible();

  // The flag and size on show start the first line.
  const first = page.getByTestId('quote-line').first();
  await expect(first.getByLabel('Flag 1', { exact: true })).toHaveValue('south-africa');
  await expect(first.getByLabel('Size')).toHaveValue('90x60');

  // Sent as it is, the form names what is missing in words and goes to the first problem.
  const send = page.getByRole('button', { name: 'Request a quote' });
  await send.click();
  await expect(first.getByLabel('How many')).toBeFocused();
  await expect(first.getByLabel('How many')).toHaveAccessibleDescription('Please enter how many, from 1 to 10 000');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Please enter your name');

  await first.getByLabel('How many').fill('150');
  await page.getByRole('button', { name: 'Add another flag' }).click();
  const second = page.getByTestId('quote-line').nth(1);
  await expect(second.getByLabel('Flag 2', { exact: true })).toBeFocused();
  await second.getByLabel('Flag 2', { exact: true }).selectOption({ label: 'Another flag or your own design' });
  await second.getByLabel('Describe the flag').fill('Greenfield Primary crest on green');
  await second.getByLabel('Describe the size').fill('180 × 120 cm, printed on both sides');
  await second.getByLabel('How many').fill('2');

  await page.getByLabel('Name', { exact: true }).fill('Thandi Nkosi');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Cellphone (optional)').fill('082 555 0101');
  await page.getByLabel('School, company or organisation (optional)').fill('Greenfield Primary');
  await page.getByLabel('Delivery area').fill('Stellenbosch, Western Cape');
  await page.getByLabel('Anything else (optional)').fill('For Heritage Day, please.');
  await expectNoSidewaysScroll(page);

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await send.click();
  expect((await answer).status()).toBe(201);
  const received = page.getByTestId('quote-received');
  await expect(received.getByRole('heading')).toHaveText(/^Quote request Q\d+ sent$/);
  const reference = (await received.getByRole('heading').textContent())!.split(' ')[2]!;
  await expect(received).toContainText(`Your quote request ${reference} is with us.`);
  return reference;
}

for (const width of [375, 1280]) {
  test(`a school asks for a quote on a ${width} px screen, and the owner prices it on the desk and emails it`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const bursar = newShopper('Thandi', 'Nkosi');
    const reference = await requestQuote(page, bursar.email);

    await expect(async () => {
      const copy = (await mailbox(page)).find((m) => m.to === bursar.email && m.subject.includes(reference));
      expect(copy?.subject).toBe(`We received your quote request ${reference} - Cape Flag Co.`);
      expect(copy?.text).toContain('150 × South Africa, 90 × 60 cm');
    }).toPass();

    const desk = await adminPage(browser, QUOTES_ADMIN_EMAIL);
    await desk.clock.install();
    await desk.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await desk.goto('/admin?tab=quotes');
    const card = desk.getByTestId('quote-request').filter({ has: desk.getByRole('heading', { name: `${reference} from Thandi Nkosi` }) });
    await expect(card).toContainText('Greenfield Primary');
    await expect(card).toContainText('SOUTH-AFRICA-90X60');
    await expect(card).toContainText('Greenfield Primary crest on green');
    await expectNoSidewaysScroll(desk);

    await card.getByRole('button', { name: 'Send a quote' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Send a quote' });
    await dialog.getByLabel('Price per flag: 150 × South Africa, 90 × 60 cm').fill('85');
    await dialog.getByLabel('Price per flag: 2 × Greenfield Primary crest on green, 180 × 120 cm, printed on both sides').fill('650');
    await dialog.getByLabel('Delivery (R)').fill('150');
    await expect(dialog.getByTestId('quote-total')).toHaveText('R14 200.00');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();

    await desk.getByRole('radio', { name: 'Answered' }).check();
    await expect(card.getByText('R14 200.00')).toBeVisible();
    await expect(async () => {
      const quote = (await mailbox(page)).find((m) => m.to === bursar.email && m.subject === `Your quote ${reference} - Cape Flag Co.`);
      expect(quote?.text).toContain('150 × South Africa, 90 × 60 cm: R85.00 each, R12 750.00');
      expect(quote?.text).toContain('Total: R14 200.00');
    }).toPass();
    await desk.context().close();
  });
}
