import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createShop } from '../shop';
import type { PasswordHashing } from '../auth/firebase-passwords';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { outbox } from '../db/schema';
import type { EmailMessage } from '../lib/outbox-messages';
import type { Mailer, SmsProvider } from '../notify/transports';
import type { OutboxWorker } from '../notify/outbox';
import type { PageRenderer } from '../storefront/server-render';
import { emulatorAnswers, firebaseShopEnv } from './firebase-emulator';

/** A database the integration suites run against; each open() gives a fresh, seeded database (a copy of one seeded once per run: seeded-databases.ts). */
export interface TestDatabase {
  name: 'pglite' | 'postgresql' | 'pglite, signing in with Firebase';
  open(): Promise<DatabaseHandle>;
  /** Settings of its own, e.g. the Firebase emulator's (awaited when the app starts). */
  env?: () => Promise<Record<string, string>>;
}

export const TEST_PUBLIC_URL = 'http://shop.test';
/** Fixed, so that no test writes a generated secret into DATA_DIR. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789';

/**
 * The targets of the integration suites: always an in-memory PGlite; also PostgreSQL when
 * TEST_DATABASE_URL names a server (a fresh database per test file, dropped on close).
 */
export function testDatabases(): TestDatabase[] {
  const seededDump = new Blob([fs.readFileSync(inject('seededEmbeddedDump'))]);
  const targets: TestDatabase[] = [{ name: 'pglite', open: () => openDatabase({ copyOf: seededDump }) }];
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const template = inject('seededPostgresTemplate');
  if (serverUrl && template) targets.push({ name: 'postgresql', open: () => openFreshPostgres(serverUrl, template) });
  return targets;
}

/**
 * The embedded database with shoppers signing in through Firebase Authentication (the emulator the
 * run started: firebase-emulator-setup.ts). It waits for the emulator, which starts beside the
 * first suites.
 */
export function firebaseTarget(): TestDatabase {
  const [pglite] = testDatabases();
  const host = inject('firebaseEmulatorHost');
  return {
    ...pglite!,
    name: 'pglite, signing in with Firebase',
    env: async () => {
      await emulatorAnswers(host);
      return firebaseShopEnv(host);
    },
  };
}

/** The suites about signing in, checkout and the profile run on every database, and again signing in with Firebase. */
export function signInTargets(): TestDatabase[] {
  return [...testDatabases(), firebaseTarget()];
}

/** One statement on a PostgreSQL server, on a connection of its own; the rows it returned. */
export async function queryServer<T = Record<string, unknown>>(url: string, statement: string): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new database on the server named by serverUrl, empty or a copy of `template`: its name, URL, and how to drop it. */
export async function scratchDatabase(serverUrl: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  // Only [a-z0-9_] in the names, so they are safe to write into the statement unquoted.
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await queryServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await queryServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function openFreshPostgres(serverUrl: string, template: string): Promise<DatabaseHandle> {
  const scratch = await scratchDatabase(serverUrl, template);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: scratch.url });
  } catch (err) {
    await scratch.drop();
    throw err;
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await scratch.drop();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The app's outbox worker: idle unless startWorker was asked for; drive it with runOnce(). */
  worker: OutboxWorker;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra settings, e.g. SMTP_URL. */
  env?: Record<string, string>;
  /** Poll the outbox in the background as the real server does (off: tests call worker.runOnce()). */
  startWorker?: boolean;
  /** Replaces the mailer the settings would choose. */
  mailer?: Mailer;
  /** Replaces the SMS provider the settings would choose (the dev mailbox by default). */
  sms?: SmsProvider;
  /** Draws the public pages on the server, as the built shop does (decision 0032). */
  pageRenderer?: PageRenderer;
}

/**
 * A salted SHA-256 instead of the shop's scrypt: a test signs up hundreds of shoppers, and the
 * shop's hashing is slow on purpose. The tests are about who may do what, not about the hash.
 */
const quickPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(8).toString('hex');
    return `${salt}:${createHash('sha256').update(salt + password).digest('hex')}`;
  },
  verify: async ({ hash, password }) => {
    const [salt = '', digest = ''] = hash.split(':');
    const expected = Buffer.from(createHash('sha256').update(salt + password).digest('hex'));
    const actual = Buffer.from(digest);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

/** A logger for workers in tests: errors still reach the test output. */
export const quietLogger = { info: () => undefined, warn: () => undefined, error: console.error };

/** The whole app on a fresh database, for `app.inject(...)`; no port is opened. */
export async function startTestApp(target: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await target.open();
  try {
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'silent',
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...(await target.env?.()),
      ...options.env,
    } as NodeJS.ProcessEnv);
    const shop = await createShop({
      config,
      database,
      logger: false,
      passwordHashing: quickPasswordHashing,
      pageRenderer: options.pageRenderer,
      mailer: options.mailer,
      sms: options.sms,
      outboxLogger: quietLogger,
    });
    const { app, outbox: worker } = shop;
    await app.ready();
    if (options.startWorker) worker.start();
    return {
      app,
      database,
      config,
      worker,
      close: async () => {
        try {
          await shop.stop();
        } finally {
          await database.close();
        }
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The outbox's emails (not its text messages), oldest first. */
export async function outboxEmails(db: Database): Promise<(Omit<typeof outbox.$inferSelect, 'payload'> & { payload: EmailMessage })[]> {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, 'email')).orderBy(asc(outbox.createdAt));
  return rows.map((row) => ({ ...row, payload: row.payload as EmailMessage }));
}

export interface AppRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}

/**
 * Every route of the app, read from Fastify's own route tree (printRoutes): one line per node,
 * four characters of indentation per level, the node's part of the path, then its methods. HEAD
 * and OPTIONS are left out (Fastify adds them to GET routes).
 */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const routes: AppRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method: method as AppRoute['method'], url: path });
    }
  }
  return routes;
}
