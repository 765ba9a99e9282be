import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { lockDataDir, DataDirInUseError } from './db/data-dir-lock';
import { seedCatalogue } from './catalog/seed';
import { seedSamplePickupPoints } from './pickup/sample-points';
import { buildApp } from './app';
import { createMailer } from './notify/mailer';
import { createOutboxWorker } from './notify/outbox';
import { createSmsProvider } from './notify/sms';

async function main(): Promise<void> {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // Seeds fill only empty tables: the sample pickup points stand in until PAXI's list is imported.
      prepare: async (db) => {
        await seedCatalogue(db);
        await seedSamplePickupPoints(db);
      },
    });
  } catch (err) {
    await releaseLock?.();
    throw err;
  }
  // The worker needs the app's logger and the app needs the worker's nudge: bound late.
  const outboxQueued = { nudge: (): void => undefined };
  const app = await buildApp({ config, database, onOutboxQueued: () => outboxQueued.nudge(), runBackgroundJobs: true });
  const mailer = createMailer(config);
  const sms = createSmsProvider(config);
  const outboxWorker = createOutboxWorker({ db: database.db, mailer, sms, logger: app.log.child({ component: 'outbox' }) });
  outboxQueued.nudge = outboxWorker.nudge;
  if (releaseLock?.takenOverFrom !== undefined) {
    app.log.warn(
      { previousPid: releaseLock.takenOverFrom },
      `took over the DATA_DIR lock of shop process ${releaseLock.takenOverFrom}, which stopped without releasing it (a crash or kill -9)`,
    );
  }
  app.log.info(
    { database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    'database ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      // After the requests (which may queue mail) and before the database its batch writes to.
      await outboxWorker.stop();
      mailer.close();
      await database.close();
      await releaseLock?.();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  outboxWorker.start();
  // A live shop (real mail) whose texts go nowhere: customers wait for an arrival SMS that never comes.
  if (config.smtpUrl && sms.transport === 'dev-mailbox') {
    app.log.warn('SMS_PROVIDER is dev-mailbox: text messages are marked sent but reach no phone; set SMS_PROVIDER=bulksms');
  }
  app.log.info(
    { mail: config.smtpUrl ? 'smtp' : `dev mailbox at ${config.publicUrl}/dev/mailbox`, sms: sms.transport },
    `Shop open at ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
