import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { origin, PASSWORD, verifyEmail } from './shopper';

/**
 * Signs this browser in as an admin named in the test server's ADMIN_EMAILS (e2e/admins.ts),
 * making and verifying the account the first time. Each test file has an admin of its own, so
 * files running side by side never race to make the same account.
 */
export async function signInAsAdmin(page: Page, admin: { email: string; name: string }): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: PASSWORD }, headers: origin(page) });
  if (signIn.ok()) return;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: admin.name, email: admin.email, password: PASSWORD },
    headers: origin(page),
  });
  expect(signUp.ok()).toBe(true);
  await verifyEmail(page, { email: admin.email });
}
