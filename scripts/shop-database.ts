/** What every command-line tool does before it touches the shop's database. */
import { loadConfig, type Config } from '../src/server/config';
import { DataDirInUseError, lockDataDir } from '../src/server/db/data-dir-lock';
import { openDatabase, type Database } from '../src/server/db/client';

/** The shop's settings, or exit 1 with the message naming the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

/**
 * On the embedded database, the DATA_DIR lock the shop itself takes (undefined with DATABASE_URL):
 * a command refuses to run beside a running shop rather than risk the data.
 */
export async function lockEmbeddedDatabaseOrExit(config: Config, command: string): Promise<(() => Promise<void>) | undefined> {
  if (config.databaseUrl) return undefined;
  try {
    return await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(
      `${err.message}\n\nThe ${command} command opens the same embedded database, so it can run only while the shop is stopped: ` +
        'stop the shop, run the command, start the shop again. (With DATABASE_URL it runs beside a running shop.)',
    );
    process.exit(1);
  }
}

/** Runs `work` on the shop's database (locked while it runs on the embedded one), then closes it. */
export async function withShopDatabase(config: Config, command: string, work: (db: Database) => Promise<void>): Promise<void> {
  const releaseLock = await lockEmbeddedDatabaseOrExit(config, command);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await releaseLock?.();
  }
}

/** A command's main: exit 0 when it is done, 1 with the message when it failed. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}

/** `-h`, `--help` or `help` alone prints the usage and exits 0. */
export function exitOnHelp(argv: string[], usage: string): void {
  if (argv.length === 1 && ['-h', '--help', 'help'].includes(argv[0]!)) {
    console.log(usage);
    process.exit(0);
  }
}
