/**
 * Before the first test:
 * - a copy of the test shop's database as the tests find it, migrated and seeded, taken from the
 *   running shop by its own backup (src/server/db/backup.ts). The second shops (e2e/second-shop.ts)
 *   start from this copy instead of creating and seeding a database each;
 * - the admins of e2e/admins.ts signed up, verified and signed in once, each session kept in a file
 *   for the tests (signInAsAdmin, adminPage in e2e/shopper.ts). The tests of signing up and in go
 *   through the dialog themselves.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, type FullConfig } from '@playwright/test';
import { requestBackup } from '../src/server/db/backup';
import { SIGNED_IN_ADMINS, type Admin } from './admins';
import { adminSessionFile, PASSWORD, verifyEmailThroughApi } from './shopper';

/** Signs the admin up, verifies the email from the dev mailbox and signs in; keeps the session. */
async function signInOnce(baseURL: string, admin: Admin, visitor: string): Promise<void> {
  // A visitor address of its own (198.18.0.0/15 is for tests), as e2e/fixtures.ts gives each test.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': visitor } });
  try {
    expect((await api.post('/api/auth/sign-up/email', { data: { ...admin, password: PASSWORD } })).ok()).toBe(true);
    await verifyEmailThroughApi({ request: api }, admin);
    const signedIn = await api.post('/api/auth/sign-in/email', { data: { email: admin.email, password: PASSWORD } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await api.storageState({ path: adminSessionFile(admin.email) });
  } finally {
    await api.dispose();
  }
}

export default async function globalSetup(config: FullConfig): Promise<() => void> {
  const dataDir = config.webServer?.env?.DATA_DIR;
  const baseURL = config.projects[0]?.use.baseURL;
  if (!dataDir || !baseURL) throw new Error('playwright.config.ts starts the test shop with a DATA_DIR of its own, at its baseURL');
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-seeded-'));
  // The backup is a gzipped tar of the database folder, taken before any account is made.
  execFileSync('tar', ['-xzf', '-', '-C', seeded], { input: await requestBackup(dataDir), stdio: 'pipe' });
  process.env.E2E_SEEDED_DATA_DIR = seeded;

  const sessions = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-admins-'));
  process.env.E2E_ADMIN_SESSIONS = sessions;
  await Promise.all(SIGNED_IN_ADMINS.map((admin, i) => signInOnce(baseURL, admin, `198.19.255.${i + 1}`)));
  return () => {
    fs.rmSync(seeded, { recursive: true, force: true });
    fs.rmSync(sessions, { recursive: true, force: true });
  };
}
