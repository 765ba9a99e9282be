/**
 * Before the first test: a copy of the test shop's database as the tests find it (migrated, the
 * catalogue, the sample pickup points), for the second shops (e2e/second-shop.ts), which start
 * from it instead of creating and seeding a database each. On the embedded database it is taken
 * from the running shop by its own backup (src/server/db/backup.ts); when the shop runs on
 * PostgreSQL (e2e/shop-database.ts) it is made the way the shop's first start makes it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { requestBackup } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/client';
import { seedCatalogue } from '../src/server/catalog/seed';
import { seedSamplePickupPoints } from '../src/server/pickup/sample-points';
import { dropShopDatabase } from './shop-database';

export default async function globalSetup(config: FullConfig): Promise<() => void> {
  const env = config.webServer?.env ?? {};
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-e2e-seeded-'));
  if (env.DATABASE_URL) {
    const database = await openDatabase({
      dataDir: seeded,
      prepare: async (db) => {
        await seedCatalogue(db);
        await seedSamplePickupPoints(db);
      },
    });
    await database.close();
  } else {
    if (!env.DATA_DIR) throw new Error('playwright.config.ts starts the test shop with a DATA_DIR of its own');
    // The backup is a gzipped tar of the database folder.
    execFileSync('tar', ['-xzf', '-', '-C', seeded], { input: await requestBackup(env.DATA_DIR), stdio: 'pipe' });
  }
  process.env.E2E_SEEDED_DATA_DIR = seeded;
  return () => {
    fs.rmSync(seeded, { recursive: true, force: true });
    if (env.DATABASE_URL) dropShopDatabase(env.DATABASE_URL);
  };
}
