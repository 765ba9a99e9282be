import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { migrationsFolder, projectRoot } from '../paths';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ClientConfig, Pool, PoolClient, QueryConfig } from 'pg';
import * as schema from './schema';
import { closeToOthers, ownerOnlyFileSystem } from './owner-only';
import { isDatabaseUnavailable } from './connection-lost';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer; used by /readyz. */
  ping(): Promise<void>;
  /** This process's connections: open, idle, and queries waiting for one (for /metrics). */
  pool(): { total: number; idle: number; waiting: number };
  /**
   * The embedded database's whole folder as one gzipped tar file, a consistent copy taken while
   * the shop keeps serving (PGlite runs one statement at a time); undefined on PostgreSQL, whose
   * own pg_dump does this.
   */
  dump?(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded database. */
  databaseUrl?: string;
  /** Folder of the embedded database; omitted = in memory (tests). */
  dataDir?: string;
  /** Runs after the migrations while this process alone prepares the database (seeding). */
  prepare?: (db: Database) => Promise<unknown>;
  /** The embedded database starts as a copy of this dump instead of an empty one (tests: migrated and seeded once). */
  copyOf?: Blob;
}


/**
 * A catalogue of 60 flags and a shop's orders fit in a few MB; PGlite's default 128 MB of shared
 * buffers would only make the process larger.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * Creating a new database cluster (initdb) makes the process hold about 500 MB it never gives
 * back, so a fresh DATA_DIR is created by a short-lived child process and only then opened here.
 */
async function createEmbeddedCluster(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script =
    "import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();";
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir], { cwd: projectRoot });
}

/**
 * PGlite runs every statement on this thread, and its queue of waiting statements settles promise
 * after promise without going back to the event loop: under load, a new connection or request
 * waited until the whole queue was done, seconds for some. Here the statements (and transactions)
 * queue in turn, each after the event loop has had a turn, so the shop keeps reading its sockets
 * while the database works.
 */
function takingTurns<T extends object>(client: T): T {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const queued = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  let previous: Promise<unknown> = Promise.resolve();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!queued.has(property)) return method;
      return (...args: unknown[]) => {
        const run = previous.then(turn).then(() => method(...args));
        previous = run.catch(() => undefined);
        return run;
      };
    },
  });
}

/** A fixed key for pg_advisory_lock so that only one process migrates and seeds at a time. */
const STARTUP_LOCK_KEY = 7_204_551;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.prepare) : openEmbedded(options);
}

async function openEmbedded({ dataDir, prepare, copyOf }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PGlite cannot open a folder through a symlink: a DATA_DIR that is one is opened at its real path.
  const folder = dataDir && fs.existsSync(dataDir) ? fs.realpathSync(dataDir) : dataDir;
  if (folder) {
    // The owner's alone: made so, closed again at every start (a folder left open by an earlier
    // version or by the new cluster's 0666 files), and whatever PGlite writes from here on.
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!copyOf) await createEmbeddedCluster(folder);
    closeToOthers(folder);
  }
  const startParams = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, ...EMBEDDED_SETTINGS];
  const client = new PGlite({ ...(folder ? { fs: await ownerOnlyFileSystem(folder) } : {}), startParams, loadDataDir: copyOf });
  await client.waitReady;
  const db = drizzle({ client: takingTurns(client), schema }) as unknown as Database;
  await migrate(drizzle({ client, schema }), { migrationsFolder });
  await prepare?.(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // One connection in the process; PGlite queues queries inside and does not say how many.
    pool: () => ({ total: 1, idle: 0, waiting: 0 }),
    dump: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
    close: () => client.close(),
  };
}

/**
 * How long opening a connection may take before the request is answered 503: a server that does not
 * answer (a fail-over under way, packets dropped) must not hold requests without end. Waiting for
 * a busy connection of the pool (a flash sale) is not limited.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long /readyz waits for the database, so that a load balancer's check always gets an answer. */
const PING_TIMEOUT_MS = 3_000;
/** A fail-over while a process starts: the migrations and seeds are tried again this many times, a second apart. */
const STARTUP_ATTEMPTS = 5;

async function openPostgres(databaseUrl: string, prepare: OpenDatabaseOptions['prepare']): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // The connect timeout on the client, not the pool, whose own would also end waits for a busy connection.
  const Client = class extends pg.Client {
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  };
  // keepAlive: a connection whose server vanished without a word (a network reset) is noticed and dropped.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, keepAlive: true, Client });
  // An idle connection can be cut by the server (restart, failover, DROP DATABASE … FORCE); without
  // a listener that error would end the process. The pool opens a new connection when next needed.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection (${err.message}); a new one is opened when needed`);
  });
  // A connection in use (a request's transaction, the start-up's lock) has no listener of the
  // pool's, and an error emitted with none ends the process. Its statement under way fails with the
  // error instead (the request answers 503), and the pool closes a connection that had an error
  // when it is given back rather than lend it again.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  await preparedOnce(pool, async (startup) => {
    const startupDb = drizzle({ client: startup, schema });
    await migrate(startupDb, { migrationsFolder });
    await prepare?.(startupDb as unknown as Database);
  });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: () => pingWithin(pool, PING_TIMEOUT_MS),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * Runs the migrations and seeds while this process alone holds the start-up lock. A connection
 * lost or refused on the way (a fail-over as the shop starts) is tried again on a new one: the
 * migrations run in a transaction and the seeds fill only empty tables, so a second go is safe.
 */
async function preparedOnce(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await underStartupLock(pool, work);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || attempt >= STARTUP_ATTEMPTS) throw err;
      console.warn(`PostgreSQL could not be reached while preparing the database (${(err as Error).message}); trying again`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function underStartupLock(pool: Pool, work: (client: PoolClient) => Promise<void>): Promise<void> {
  const startup = await pool.connect();
  let lost: Error | undefined;
  try {
    await startup.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await work(startup);
  } catch (err) {
    if (isDatabaseUnavailable(err)) lost = err as Error;
    throw err;
  } finally {
    // A lost connection took its lock with it; it is closed, not given back.
    if (!lost) await startup.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    startup.release(lost);
  }
}

/** Throws unless the database answers `select 1` within `timeoutMs`, reachable or not. */
async function pingWithin(pool: Pool, timeoutMs: number): Promise<void> {
  const answered = (async () => {
    const client = await pool.connect();
    try {
      // query_timeout (node-postgres reads it, its types leave it out) ends a statement the network swallowed.
      await client.query({ text: 'select 1', query_timeout: timeoutMs } as QueryConfig);
      client.release();
    } catch (err) {
      // A connection that did not answer is closed rather than lent to a request.
      client.release(err as Error);
      throw err;
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  // Left behind after the deadline, it still ends (the pool's connect timeout) and must not go unhandled.
  answered.catch(() => undefined);
  try {
    await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
