/**
 * Before the first test: a copy of the test shop's database as the tests find it, migrated and
 * seeded, taken from the running shop by its own backup (src/server/db/backup.ts). The second
 * shops (e2e/second-shop.ts) start from this copy instead of creating and seeding a database each.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { requestBackup } from '../src/server/db/backup';

export default async function globalSetup(config: FullConfig): Promise<() => void> {
  const dataDir = config.webServer?.env?.DATA_DIR;
  if (!dataDir) throw new Error('playwright.config.ts starts the test shop with a DATA_DIR of its own');
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-seeded-'));
  // The backup is a gzipped tar of the database folder.
  execFileSync('tar', ['-xzf', '-', '-C', seeded], { input: await requestBackup(dataDir), stdio: 'pipe' });
  process.env.E2E_SEEDED_DATA_DIR = seeded;
  return () => fs.rmSync(seeded, { recursive: true, force: true });
}
