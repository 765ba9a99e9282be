import { loadConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { lockDataDir, DataDirInUseError } from './db/data-dir-lock';
import { seedCatalogue } from './catalog/seed';
import { seedSamplePickupPoints } from './pickup/sample-points';
import { createShop } from './shop';
import { loadBuiltPageRenderer } from './storefront/server-render';
import { shopPageData } from './storefront/html';
import { pageRendererEntry } from './paths';
import { goingLiveProblems, goingLiveRefusal, mustBeLive, NotReadyToGoLiveError } from './going-live';
import { DEV_MAILBOX } from './notify/dev-mailbox';
import { scheduleDailyBackups, serveBackups } from './db/backup';
import { createAdminService } from './admin/service';
import { openingNotice } from './opening-notice';
import type { Logger } from 'pino';

async function main(): Promise<void> {
  // Everything the shop writes (the embedded database, its secret, backups) is its user's alone.
  process.umask(0o077);
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // Seeds fill only empty tables: the sample pickup points stand in until PAXI's list is imported
      // (never in a public shop, which must import the real list first).
      prepare: async (db) => {
        await seedCatalogue(db);
        if (!mustBeLive(config)) await seedSamplePickupPoints(db);
      },
    });
  } catch (err) {
    await releaseLock?.();
    throw err;
  }
  const problems = await goingLiveProblems(config, database.db);
  if (problems.length > 0) {
    await database.close();
    await releaseLock?.();
    throw new NotReadyToGoLiveError(goingLiveRefusal(config, problems));
  }
  const pageRenderer = await loadBuiltPageRenderer(pageRendererEntry, shopPageData(config));
  const shop = await createShop({ config, database, runBackgroundJobs: true, pageRenderer });
  const { app, mailer, sms } = shop;
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
  if (config.demo) {
    app.log.warn('SHOP_DEMO=true: this is a demo shop. Every page says so; it may run on the sandbox payments, the dev mailbox and the sample details.');
  }

  // Online backups of the embedded database: on request (npm run backup) and daily with BACKUP_DIR.
  const onBackupError = (err: unknown) => app.log.error({ err }, 'backup failed');
  const stopServingBackups = database.dump
    ? await serveBackups(config.dataDir, database, onBackupError).catch((err: unknown) => {
        app.log.warn({ err }, 'npm run backup cannot reach this shop (the backup socket did not open); stop the shop to back up');
        return undefined;
      })
    : undefined;
  const stopDailyBackups = config.dailyBackups && scheduleDailyBackups({ ...config.dailyBackups, database, log: app.log.child({ component: 'backup' }) }).start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      stopDailyBackups?.();
      await stopServingBackups?.();
      await shop.stop();
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

  const listeningAt = await app.listen({ port: config.port, host: config.host });
  shop.outbox.start();
  // A live shop (real mail) whose texts go nowhere: customers wait for an arrival SMS that never comes.
  if (mailer.transport !== DEV_MAILBOX && sms.transport === DEV_MAILBOX) {
    app.log.warn('SMS_PROVIDER is dev-mailbox: text messages are marked sent but reach no phone; set SMS_PROVIDER=bulksms');
  }
  const { granted, fromAdminEmails } = await createAdminService(database.db, config.adminEmails).listAdmins();
  const admins = { fromAdminEmails, granted: granted.filter((admin) => admin.isActive).map((admin) => admin.email) };
  app.log.info(
    { mail: mailer.transport === DEV_MAILBOX ? `dev mailbox at ${config.publicUrl}/dev/mailbox` : mailer.transport, sms: sms.transport, admins },
    `Shop open at ${config.publicUrl}`,
  );
  // Log lines go out in batches (app.ts): the lines of the start are wanted now. A person at a
  // terminal then gets the start in words; a service manager or a pipe keeps to the JSON lines.
  (app.log as Logger).flush(() => {
    if (process.stdout.isTTY) process.stdout.write(openingNotice(config, { listeningOn: new URL(listeningAt).host, admins }));
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof DataDirInUseError || err instanceof NotReadyToGoLiveError ? err.message : err);
  process.exit(1);
});
