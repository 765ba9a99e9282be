/**
 * Sign-up with a real mail server: the shop runs with SMTP_URL pointing at a loopback SMTP server
 * started here, the verification email arrives over SMTP, and its link verifies the account.
 */
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../src/server/testing/smtp-server';
import { afterDebounce, expect, test } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';

let smtp: TestSmtpServer;
let shop: SecondShop;
let shopUrl: string;

/** The body of a received message with quoted-printable soft breaks and escapes undone. */
function decodedBody(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  shop = await startSecondShop({ SMTP_URL: smtp.url });
  shopUrl = shop.url;
});

test.afterAll(async () => {
  await shop?.stop();
  await smtp?.close();
});

test('sign up, the verification email arrives over SMTP, its link verifies the account', async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Aphiwe Zulu ${Date.now()}`;
  const email = `aphiwe-${Date.now()}@example.co.za`;
  await page.goto(`${shopUrl}/`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await afterDebounce(page);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('smtp-is-real-1');
  await dialog.getByLabel('Confirm Password').fill('smtp-is-real-1');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('status')).toContainText('Check your email');

  // Both messages reach the mail server, addressed to the shopper.
  let link = '';
  await expect(async () => {
    const mine = smtp.received.filter((m) => m.recipients.includes(email));
    const subjects = mine.map((m) => m.headers.subject).sort();
    expect(subjects).toEqual(['Please verify your email address - Cape Flag Co.', 'Welcome to Cape Flag Co.']);
    const verification = decodedBody(mine.find((m) => m.headers.subject!.startsWith('Please verify'))!);
    link = /https?:\/\/[^\s"<>]+\/verify-email\?[^\s"<>]+/.exec(verification)![0].replaceAll('&amp;', '&');
  }).toPass({ timeout: 15_000 });
  expect(link.startsWith(`${shopUrl}/verify-email?token=`)).toBe(true);
  // No dev mailbox while real mail goes out.
  expect((await page.request.get(`${shopUrl}/dev/mailbox.json`)).status()).toBe(404);

  // The link verifies the address and signs this browser in.
  await page.goto(link);
  await expect(page.getByText('Your email address has been verified successfully', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name })).toBeVisible();
  const session = await (await page.request.get(`${shopUrl}/api/auth/get-session`)).json();
  expect(session.user).toMatchObject({ email, name, emailVerified: true });
});
