/**
 * One shop process's parts, put together in one place for `npm start` (main.ts) and the tests
 * (testing/test-support.ts): the app with its routes and jobs, the mailer and the SMS provider, and
 * the outbox worker that sends what the app queues.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { createMailer } from './notify/mailer';
import { createSmsProvider } from './notify/sms';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './notify/outbox';
import type { Mailer, SmsProvider } from './notify/transports';
import { taxDocumentFiles } from './tax/attachments';

export interface ShopOptions extends Omit<AppOptions, 'onOutboxQueued'> {
  /** Tests only: a mailer or SMS provider of their own in place of the configured one. */
  mailer?: Mailer;
  sms?: SmsProvider;
  /** The outbox worker's log; the app's own by default. */
  outboxLogger?: OutboxWorkerOptions['logger'];
}

export interface Shop {
  app: FastifyInstance;
  mailer: Mailer;
  sms: SmsProvider;
  outbox: OutboxWorker;
  /**
   * Stops taking requests and finishes those in flight, then the outbox's batch, then the mailer.
   * The database is the caller's: it opened it.
   */
  stop(): Promise<void>;
}

export async function createShop({ mailer: givenMailer, sms: givenSms, outboxLogger, ...appOptions }: ShopOptions): Promise<Shop> {
  const { config, database } = appOptions;
  // The worker needs the app's logger and the app needs the worker's nudge: bound late.
  const outboxQueued = { nudge: (): void => undefined };
  const app = await buildApp({ ...appOptions, onOutboxQueued: () => outboxQueued.nudge() });
  const mailer = givenMailer ?? createMailer(config);
  const sms = givenSms ?? createSmsProvider(config);
  const outbox = createOutboxWorker({ db: database.db, mailer, sms, attach: taxDocumentFiles(database.db, config), logger: outboxLogger ?? app.log.child({ component: 'outbox' }) });
  outboxQueued.nudge = outbox.nudge;
  return {
    app,
    mailer,
    sms,
    outbox,
    async stop() {
      // A keep-alive connection whose request was still in flight turns idle only once it is
      // answered, after close's own sweep: without this it would hold the exit for its whole
      // keep-alive timeout (72 s).
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(idleSweep));
      // After the requests (which may queue mail) and before the database its batch writes to.
      await outbox.stop();
      mailer.close();
    },
  };
}
