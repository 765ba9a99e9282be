import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromePath, chromiumArgs } from './e2e/chromium';
import { SHOP_NODE_ARGS } from './src/server/start-command';
import { ADMIN_EMAIL, BOOKS_ADMIN_EMAIL, DISCOUNTS_ADMIN_EMAIL, PARCELS_ADMIN_EMAIL, PHONE_ADMIN_EMAIL, PRODUCTS_ADMIN_EMAIL, QUOTES_ADMIN_EMAIL, SPEED_ADMIN_EMAIL, UNVERIFIED_ADMIN_EMAIL } from './e2e/admins';

const port = Number(process.env.E2E_PORT ?? 3456);
const baseURL = `http://127.0.0.1:${port}`;
/** The local fake for Google's OpenID Connect server (see e2e/google.spec.ts). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3459);
// A fresh embedded database for every run, so tests see the seeded catalogue and nothing else. The
// workers load this file again and keep the folder the run's first load made, as below.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// The screens axe has checked in this run, shared by the workers (e2e/accessibility.ts): the
// workers load this file again and keep the folder the run's first load made.
process.env.E2E_CHECKED_SCREENS ??= fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-axe-'));


const chromium = { ...devices['Desktop Chrome'], channel: undefined };
const CATALOGUE_CHANGES = ['**/admin-products.spec.ts', '**/new-flag-hidden.spec.ts', '**/unavailable-flag.spec.ts', '**/admin-sizes.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Three on two cores: a test spends much of its time waiting on the shop, and the third keeps both cores busy.
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Long shopper journeys run beside another worker and the shop on two cores; 30 s was too tight.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // The DOM at each step, kept for a failed test; no screencast, whose frames cost every test CPU.
    // Off in CI, where a failure is read from its error and page snapshot: recording the DOM at
    // every step cost the suite about 14% of its time on two cores.
    trace: process.env.CI === 'true' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromePath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: CATALOGUE_CHANGES },
    // Tests that add a flag to the shop for a moment run after the rest, whose pages list the whole
    // catalogue and would count the extra flag if it showed in between.
    { name: 'catalogue changes', use: chromium, testMatch: CATALOGUE_CHANGES, dependencies: ['chromium'] },
  ],
  webServer: {
    command: `node ${SHOP_NODE_ARGS.join(' ')}`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The order desk's admin (e2e/admin.spec.ts), the catalogue's (e2e/admin-products.spec.ts), the
      // parcels' (e2e/after-payment.spec.ts), the phone's and a not yet verified one
      // (e2e/order-desk-phone.spec.ts), the books' (e2e/tax-documents.spec.ts) and the page speed's
      // (e2e/page-speed.spec.ts) and the discount codes' (e2e/order-desk-discounts.spec.ts).
      ADMIN_EMAILS: [ADMIN_EMAIL, PRODUCTS_ADMIN_EMAIL, PARCELS_ADMIN_EMAIL, PHONE_ADMIN_EMAIL, UNVERIFIED_ADMIN_EMAIL, BOOKS_ADMIN_EMAIL, SPEED_ADMIN_EMAIL, DISCOUNTS_ADMIN_EMAIL, QUOTES_ADMIN_EMAIL].join(','),
      // Google sign-in against a local OpenID Connect server, which e2e/google.spec.ts starts on this
      // port. Until then the shop's discovery of it fails; better-auth tries again at the first sign-in.
      GOOGLE_CLIENT_ID: 'flag-shop-e2e.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'flag-shop-e2e-secret',
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
    },
  },
});
