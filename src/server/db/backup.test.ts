import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { backupCommand, restoreCommand } from '../../../scripts/commands/backup';
import type { CommandOutput } from '../../../scripts/commands/shop-database';
import { seedCatalogue } from '../catalog/seed';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from '../testing/test-support';
import { placePaidOrder, shopHelpers } from '../testing/test-orders';
import { openDatabase, type Database } from './client';
import { lockDataDir } from './data-dir-lock';
import { openToEveryone, openToOthers } from '../testing/data-dirs';
import { orders, outbox, taxDocuments } from './schema';
import { backupFileName, dailyBackups, scheduleDailyBackups, serveBackups } from './backup';

function recorded(): CommandOutput & { text: () => string } {
  const lines: string[] = [];
  return { out: (line) => lines.push(line), err: (line) => lines.push(line), text: () => lines.join('\n') };
}

/** What a restore must bring back: every order, invoice and outbox row, as they were. */
async function records(db: Database) {
  return {
    orders: (await db.select({ n: orders.orderNumber, total: orders.totalAmount }).from(orders).orderBy(asc(orders.orderNumber))).map((o) => `${o.n} ${o.total}`),
    documents: (await db.select({ serial: taxDocuments.serial }).from(taxDocuments).orderBy(asc(taxDocuments.serial))).map((d) => d.serial),
    outbox: (await db.select({ id: outbox.id, status: outbox.status }).from(outbox).orderBy(asc(outbox.id))).map((m) => `${m.id} ${m.status}`),
  };
}

describe('backing up and restoring the embedded database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-backup-'));
  const dataDir = path.join(root, 'data');
  const backupFile = path.join(root, 'backups', 'shop.tar.gz');
  const env = { DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent' };
  let t: TestApp | undefined;
  let before: Awaited<ReturnType<typeof records>>;

  beforeAll(async () => {
    // As main.ts runs the shop: the folder locked, the database seeded, backups served on request.
    const releaseLock = await lockDataDir(dataDir);
    t = await startTestApp({
      name: 'pglite',
      open: () =>
        openDatabase({
          dataDir,
          prepare: async (db) => {
            await seedCatalogue(db);
            await seedSamplePickupPoints(db);
          },
        }),
    });
    const stopServing = await serveBackups(dataDir, t.database, (err) => {
      throw err;
    });
    // The secret a shop without SESSION_SECRET keeps in DATA_DIR (auth.ts) goes into the backup too.
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 'the-secret-of-the-backed-up-shop\n', { mode: 0o600 });
    const shop = shopHelpers(() => t!);
    const shopper = await shop.signUp('backed-up');
    await placePaidOrder(shop, shopper);
    await placePaidOrder(shop, shopper);
    before = await records(t.database.db);

    // While the shop runs, the backup comes from the shop itself.
    const output = recorded();
    expect(await backupCommand([backupFile], env, output)).toBe(0);
    expect(output.text()).toMatch(/^Backed up .* \(running shop\) to .*shop\.tar\.gz, \d+ KB\.$/);
    // The backup holds the whole database: the folder made for it and the file are the owner's alone.
    expect(openToOthers(path.dirname(backupFile))).toEqual([]);

    await stopServing();
    await t.close();
    t = undefined;
    await releaseLock();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores into an emptied DATA_DIR every order, invoice and outbox row', async () => {
    expect(before.orders).toHaveLength(2);
    expect(before.documents).toEqual([expect.stringMatching(/^INV-/), expect.stringMatching(/^INV-/)]);
    expect(before.outbox.length).toBeGreaterThanOrEqual(2);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const output = recorded();
    expect(await restoreCommand([backupFile], env, output)).toBe(0);
    expect(output.text()).toBe(`Restored ${backupFile} into ${dataDir}. Start the shop as usual.`);
    // Every file the shop's alone, the session secret (whoever reads it can forge sessions) too.
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe('the-secret-of-the-backed-up-shop\n');
    expect(openToOthers(dataDir)).toEqual([]);
    const restored = await openDatabase({ dataDir });
    try {
      expect(await records(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('restores with --force over a folder open to every user, and leaves it to the shop alone', async () => {
    openToEveryone(dataDir);
    expect(await restoreCommand([backupFile, '--force'], env, recorded())).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('refuses a folder that is not empty unless told, and a file that is not there', async () => {
    const refused = recorded();
    expect(await restoreCommand([backupFile], env, refused)).toBe(1);
    expect(refused.text()).toMatch(/is not empty \(\d+ entries\): restore into an empty folder, or add --force to replace what is there\.$/);

    expect(await restoreCommand([backupFile, '--force'], env, recorded())).toBe(0);
    const missing = recorded();
    expect(await restoreCommand([path.join(root, 'nope.tar.gz')], env, missing)).toBe(1);
    expect(missing.text()).toBe(`No backup file at ${path.join(root, 'nope.tar.gz')}.`);
  });

  it('backs up a stopped shop straight from its folder', async () => {
    const output = recorded();
    const file = path.join(root, 'stopped.tar.gz');
    expect(await backupCommand([file], env, output)).toBe(0);
    expect(output.text()).toContain('(stopped shop)');
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
  });

  it('answers bad usage with the usage, and sends PostgreSQL to its own tools', async () => {
    for (const argv of [[], ['a', 'b'], ['--nope']]) {
      const output = recorded();
      expect(await backupCommand(argv, env, output), argv.join(' ')).toBe(2);
      expect(output.text()).toContain('Usage:');
    }
    expect(await restoreCommand([], env, recorded())).toBe(2);
    expect(await backupCommand(['--help'], env, recorded())).toBe(0);
    for (const [command, tool] of [[backupCommand, 'pg_dump'], [restoreCommand, 'pg_restore']] as const) {
      const output = recorded();
      expect(await command([backupFile], { ...env, DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' }, output)).toBe(1);
      expect(output.text()).toContain(`use ${tool}`);
    }
  });

  it('with BACKUP_DIR makes one backup a day and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(root, 'daily');
    const database = await openDatabase({ dataDir });
    try {
      let now = new Date('2026-11-20T02:00:00Z');
      const log = { info: () => undefined, error: (o: object) => expect.fail(JSON.stringify(o)) };
      const daily = scheduleDailyBackups({ dir, keep: 2, database, log }, () => now);
      await daily.runOnce();
      now = new Date('2026-11-20T14:00:00Z');
      await daily.runOnce();
      expect(dailyBackups(dir)).toEqual([backupFileName(new Date('2026-11-20T02:00:00Z'))]);
      for (const day of ['2026-11-21T03:00:00Z', '2026-11-22T04:00:00Z']) {
        now = new Date(day);
        await daily.runOnce();
      }
      expect(dailyBackups(dir)).toEqual(['flag-shop-2026-11-22T04-00-00Z.tar.gz', 'flag-shop-2026-11-21T03-00-00Z.tar.gz']);
    } finally {
      await database.close();
    }
  });
});
