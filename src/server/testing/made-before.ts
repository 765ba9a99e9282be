import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../paths';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { scratchDatabase, type TestDatabase } from './test-support';

/*
 * Databases as an earlier shop left them: migrated up to one migration, holding that shop's data,
 * then opened by this shop, which runs the migrations that came after. An upgrade's test.
 */

/** The migrations as they stood at `tag`. */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.find((entry) => entry.tag === tag)!.idx;
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

async function embeddedMadeBefore(oldMigrations: string, data: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
  await client.exec(data);
  const copyOf = await client.dumpDataDir();
  await client.close();
  return openDatabase({ copyOf });
}

async function postgresMadeBefore(serverUrl: string, oldMigrations: string, data: string): Promise<DatabaseHandle> {
  const scratch = await scratchDatabase(serverUrl);
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
    await client.query(data);
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return { ...handle, close: async () => (await handle.close(), await scratch.drop()) };
}

/** A database made at migration `tag` holding `data` (SQL), on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export function databasesMadeAt(tag: string, data: string): TestDatabase[] {
  const oldMigrations = migrationsUpTo(tag);
  const list: TestDatabase[] = [{ name: 'pglite', open: () => embeddedMadeBefore(oldMigrations, data) }];
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (serverUrl) list.push({ name: 'postgresql', open: () => postgresMadeBefore(serverUrl, oldMigrations, data) });
  return list;
}
