/**
 * Where the test shop keeps its data. With TEST_DATABASE_URL (as in CI) it runs on a database of
 * its own on that PostgreSQL server: the browser suite took 15-28% less time there than on the
 * embedded database, whose queries share the shop's one thread. The second shops
 * (e2e/second-shop.ts) stay on the embedded database, so a run covers both.
 */
import { execFileSync } from 'node:child_process';

/** One statement on the server, from a synchronous caller (playwright.config.ts is loaded synchronously). */
function runOnServer(serverUrl: string, statement: string): void {
  const script = `import pg from 'pg';
const client = new pg.Client({ connectionString: process.env.SERVER_URL });
await client.connect();
try { await client.query(process.env.STATEMENT); } finally { await client.end(); }`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, SERVER_URL: serverUrl, STATEMENT: statement },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** A new, empty database for this run on TEST_DATABASE_URL's server, or undefined to use the embedded one. */
export function createShopDatabase(): string | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) return undefined;
  const name = `flag_shop_e2e_${process.pid}_${Date.now()}`;
  runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the run's database, closing the shop's connections if it still has any. */
export function dropShopDatabase(databaseUrl: string): void {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^flag_shop_e2e_\d+_\d+$/.test(name)) throw new Error(`Not a test shop database: ${name}`);
  url.pathname = '/postgres';
  runOnServer(url.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
