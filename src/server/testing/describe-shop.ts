/**
 * One runner for the integration suites: a whole shop (the app on a fresh copy of the seeded
 * database) per file and database, built once before the file's tests and closed after them, with
 * what the suite asked for ready: the order desk's admin signed in, the sample PAXI points.
 *
 *   describeShop('order desk overview', { admin: true }, (shop) => {
 *     it('…', async () => {
 *       const res = await shop.call('GET', '/api/admin/overview', shop.admin);
 *     });
 *   });
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { OutboxWorker } from '../notify/outbox';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { deskCall, ORDER_DESK_ADMIN, shopHelpers, type Shopper } from './test-orders';
import { startTestApp, testDatabases, type TestApp, type TestAppOptions, type TestDatabase } from './test-support';

export interface ShopOptions extends TestAppOptions {
  /** The order desk's admin (ORDER_DESK_ADMIN), added to ADMIN_EMAILS and signed in with a verified email. */
  admin?: boolean;
  /** The sample PAXI points, for the finder and checkout. */
  pickupPoints?: boolean;
}

export interface ShopUnderTest {
  /** The database this run of the suite is on: its name is in the suite's title. */
  readonly target: TestDatabase;
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly database: DatabaseHandle;
  readonly config: Config;
  /** The outbox worker: idle unless startWorker was asked for; drive it with runOnce(). */
  readonly worker: OutboxWorker;
  /** The whole test app, for helpers that take one. */
  readonly testApp: TestApp;
  /** The order desk's admin (options.admin). */
  readonly admin: Shopper;
  /** Shoppers from sign-up to a paid order through the API. */
  readonly shoppers: ReturnType<typeof shopHelpers>;
  /** A same-site call as someone (an admin, a shopper) or, without one, as nobody. */
  readonly call: ReturnType<typeof deskCall>;
}

/** The options, or options made for each database (a settings value that names the database, say). */
type OptionsFor = ShopOptions | ((target: TestDatabase) => ShopOptions | Promise<ShopOptions>);

/**
 * A describe block run once per test database (PGlite always, PostgreSQL when TEST_DATABASE_URL
 * is set), titled `${name} on ${database}`, whose tests share one shop.
 */
export function describeShop(name: string, options: OptionsFor, tests: (shop: ShopUnderTest) => void): void {
  describe.each(testDatabases())(`${name} on $name`, (target) => {
    let started: TestApp | undefined;
    let admin: Shopper | undefined;
    const testApp = (): TestApp => {
      if (!started) throw new Error('the shop starts in beforeAll: use it inside a test or a hook');
      return started;
    };
    const shoppers = shopHelpers(testApp);

    beforeAll(async () => {
      const asked = typeof options === 'function' ? await options(target) : options;
      const adminEmails = [asked.admin ? ORDER_DESK_ADMIN : undefined, asked.env?.ADMIN_EMAILS].filter(Boolean).join(',');
      started = await startTestApp(target, { ...asked, env: { ...asked.env, ...(adminEmails ? { ADMIN_EMAILS: adminEmails } : {}) } });
      if (asked.pickupPoints) await seedSamplePickupPoints(started.database.db);
      if (asked.admin) admin = await shoppers.signUpAs(ORDER_DESK_ADMIN);
    });
    afterAll(async () => {
      await started?.close();
    });

    tests({
      target,
      get app() {
        return testApp().app;
      },
      get db() {
        return testApp().database.db;
      },
      get database() {
        return testApp().database;
      },
      get config() {
        return testApp().config;
      },
      get worker() {
        return testApp().worker;
      },
      get testApp() {
        return testApp();
      },
      get admin() {
        if (!admin) throw new Error('describeShop: ask for { admin: true } to have the order desk admin');
        return admin;
      },
      shoppers,
      call: deskCall(testApp),
    });
  });
}
