/**
 * The shop's security headers in a real browser (src/server/http/security-headers.ts). Every other
 * spec checks, through the shared fixture, that its pages break none of them.
 */
import { expect, openCart, test } from './fixtures';

test('the pages run no injected inline script, and the browser tests notice the attempt', async ({ page, securityViolations }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "ran";';
    document.body.append(script);
  });
  await expect.poll(() => securityViolations.join('\n')).toMatch(/inline script.*Content Security Policy/);
  expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
  // Provoked on purpose above: not a fault of the shop.
  securityViolations.length = 0;
});

test("a modal dialog's injected styles carry the page's nonce", async ({ page }) => {
  await page.goto('/shop');
  await openCart(page);
  // The scroll lock of the open dialog is such a style; without the nonce it would be refused (and reported).
  expect(await page.locator('head style[nonce]').count()).toBeGreaterThan(0);
});

test('the dev mailbox shows the emails in its framed previews under its own policy', async ({ page }) => {
  const email = `csp-${Date.now()}@example.co.za`;
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Thandi Nkosi', email, message: 'Do you sell the flag of Lesotho?' },
  });
  expect(sent.status()).toBe(201);
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/dev/mailbox.json')).json()) as { messages: { to?: string }[] };
      return messages.some((m) => m.to === email);
    })
    .toBe(true);

  const response = await page.goto('/dev/mailbox');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  const copy = page.locator('article').filter({ hasText: email }).first();
  await expect(copy.frameLocator('iframe').getByText('Do you sell the flag of Lesotho?')).toBeVisible();
});
