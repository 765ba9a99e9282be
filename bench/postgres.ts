/** The PostgreSQL server the bench measures on, and fresh databases on it that are dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deferCleanup } from './cleanup';
import { errorMessage } from './outcome';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresServer {
  url: string;
  version: string;
}

/** The server of BENCH_DATABASE_URL (or the local default), or why it cannot be used. */
export async function findPostgres(databaseUrl: string | undefined): Promise<PostgresServer | { skipped: string }> {
  const url = databaseUrl ?? DEFAULT_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
    return { url, version };
  } catch (err) {
    const why = `no PostgreSQL server answered at ${redacted(url)} (${errorMessage(err) || 'connection failed'})`;
    return { skipped: databaseUrl ? why : `${why}; set BENCH_DATABASE_URL to use another server` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `work` on a database of its own on the server, dropped afterwards (and on Ctrl-C). */
export async function withFreshDatabase<T>(server: PostgresServer, prefix: string, work: (databaseUrl: string, name: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(server.url, (client) => client.query(`CREATE DATABASE "${name}"`));
  // Cleanup runs newest first, so after whatever used the database has let go of it.
  const drop = deferCleanup(() => onServer(server.url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
  try {
    const databaseUrl = new URL(server.url);
    databaseUrl.pathname = `/${name}`;
    return await work(databaseUrl.href, name);
  } finally {
    await drop();
  }
}

async function onServer(url: string, task: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await task(client);
  } finally {
    await client.end();
  }
}

function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}
