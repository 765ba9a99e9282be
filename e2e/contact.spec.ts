/** The contact form: validation, success and a failing mail desk (spec sections 2, 5, 8). */
import type { Page } from '@playwright/test';
import { expect, test, toast } from './fixtures';

const messages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  message: 'Please enter your message',
};

function form(page: Page) {
  return {
    name: page.getByLabel('Name', { exact: true }),
    email: page.getByLabel('Email', { exact: true }),
    message: page.getByLabel('Message', { exact: true }),
    send: page.getByRole('button', { name: 'Send Message' }),
  };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('an empty form shows a message under every field', async ({ page }) => {
  const f = form(page);
  await f.send.click();
  await expect(page.getByText(messages.name, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.email, { exact: true })).toBeVisible();
  await expect(page.getByText(messages.message, { exact: true })).toBeVisible();
  await expect(f.name).toHaveAttribute('aria-invalid', 'true');
  await expect(f.name).toHaveAccessibleDescription(messages.name);
  await expect(f.email).toHaveAccessibleDescription(messages.email);
  await expect(f.name).toBeFocused();

  // Once a field is fixed its message goes.
  await f.name.fill('Thandi');
  await expect(page.getByText(messages.name, { exact: true })).toBeHidden();
  await expect(page.getByText(messages.email, { exact: true })).toBeVisible();
});

test('a malformed email address is refused', async ({ page }) => {
  const f = form(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posts.push(r.url());
  });
  await f.name.fill('Thandi Nkosi');
  await f.email.fill('thandi@');
  await f.message.fill('Do you sell the flag of Lesotho in a bigger size?');
  await f.send.click();
  await expect(page.getByText(messages.email, { exact: true })).toBeVisible();
  await expect(f.email).toBeFocused();
  await expect(page.getByText(messages.name, { exact: true })).toBeHidden();
  await expect(page.getByText(messages.message, { exact: true })).toBeHidden();
  expect(posts).toEqual([]);
});

test('a valid message is sent, thanked for and the form is reset', async ({ page }) => {
  const f = form(page);
  await f.name.fill('Thandi Nkosi');
  await f.email.fill('thandi@example.co.za');
  await f.message.fill('Do you sell the flag of Lesotho in a bigger size?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await f.send.click();
  expect((await sent).status()).toBe(201);
  await expect(toast(page, 'Message Sent!', 'Thank you for your message! We will get back to you soon.')).toBeVisible();
  await expect(f.name).toHaveValue('');
  await expect(f.email).toHaveValue('');
  await expect(f.message).toHaveValue('');
  await expect(page.getByText(messages.name, { exact: true })).toBeHidden();
});

test('a failing mail desk gives an Error toast with the server message, and keeps the text', async ({ page }) => {
  let attempts = 0;
  await page.route('**/api/contact', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    attempts += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Mail desk is down"}' });
  });
  const f = form(page);
  await f.name.fill('Thandi Nkosi');
  await f.email.fill('thandi@example.co.za');
  await f.message.fill('Is the shop open on Saturdays?');
  await f.send.click();
  await expect(toast(page, 'Error', 'Mail desk is down')).toBeVisible();
  // Spec section 9: one retry before giving up.
  expect(attempts).toBe(2);
  await expect(toast(page, 'Message Sent!')).toHaveCount(0);
  await expect(f.name).toHaveValue('Thandi Nkosi');
  await expect(f.message).toHaveValue('Is the shop open on Saturdays?');
  await expect(f.send).toBeEnabled();
});

test('a sent message reaches the order desk, and the sender gets a copy, in the dev mailbox', async ({ page }) => {
  const name = `Lerato Mokoena ${Date.now()}`;
  const f = form(page);
  await f.name.fill(name);
  await f.email.fill('lerato@example.co.za');
  await f.message.fill('Can I collect two flags at the PAXI point in Stellenbosch?');
  await f.send.click();
  await expect(toast(page, 'Message Sent!')).toBeVisible();

  await page.goto('/dev/mailbox');
  const toDesk = page.getByRole('link', { name: `Contact form: message from ${name}` });
  // The outbox worker sends within moments; reload until it has.
  await expect(async () => {
    await page.reload();
    await expect(toDesk).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.goto((await toDesk.getAttribute('href'))!);
  await expect(page.getByText('Can I collect two flags at the PAXI point in Stellenbosch?')).toBeVisible();

  const { messages } = (await (await page.request.get('/dev/mailbox.json')).json()) as {
    messages: { to: string; subject: string }[];
  };
  expect(messages.some((m) => m.to === 'lerato@example.co.za' && m.subject.startsWith('We received your message'))).toBe(true);
});
