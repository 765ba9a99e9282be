/** What every command-line tool does before it touches the shop's database, and how it ends. */
import { format } from 'node:util';
import { loadConfig, type Config } from '../../src/server/config';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/data-dir-lock';
import { openDatabase, type Database } from '../../src/server/db/client';

/** 0 done, 1 could not do it (settings, file, database, shop running), 2 bad usage. */
export type ExitCode = 0 | 1 | 2;

/** Where a command writes: the terminal's stdout and stderr, or a test's record of them. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/** A command run with its arguments (after the command's name) and settings; resolves with its exit code. */
export type ShopCommand = (argv: readonly string[], env: NodeJS.ProcessEnv, output: CommandOutput) => Promise<ExitCode>;

/** Ends a command with this exit code; the command has already said why. */
export class CommandExit extends Error {
  constructor(readonly code: ExitCode) {
    super(`exit ${code}`);
    this.name = 'CommandExit';
  }
}

/** The shop's settings, or exit 1 with the message naming the bad variable. */
export function loadCommandConfig(env: NodeJS.ProcessEnv, output: CommandOutput): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    output.err(messageOf(err));
    throw new CommandExit(1);
  }
}

/**
 * On the embedded database, the DATA_DIR lock the shop itself takes (undefined with DATABASE_URL):
 * a command refuses to run beside a running shop rather than risk the data.
 */
async function lockEmbeddedDatabase(config: Config, command: string, output: CommandOutput): Promise<(() => Promise<void>) | undefined> {
  if (config.databaseUrl) return undefined;
  try {
    return await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    output.err(
      `${err.message}\n\nThe ${command} command opens the same embedded database, so it can run only while the shop is stopped: ` +
        'stop the shop, run the command, start the shop again. (With DATABASE_URL it runs beside a running shop.)',
    );
    throw new CommandExit(1);
  }
}

/** Runs `work` on the shop's database (locked while it runs on the embedded one), then closes it. */
export async function withShopDatabase(config: Config, command: string, output: CommandOutput, work: (db: Database) => Promise<void>): Promise<void> {
  const releaseLock = await lockEmbeddedDatabase(config, command, output);
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

/** A command's body: 0 when it is done, the code it ended with, or 1 with the message when it failed. */
export async function runCommand(output: CommandOutput, body: () => Promise<void>): Promise<ExitCode> {
  try {
    await body();
    return 0;
  } catch (err) {
    if (err instanceof CommandExit) return err.code;
    output.err(messageOf(err));
    return 1;
  }
}

/** `-h`, `--help` or `help` alone prints the usage and ends with 0. */
export function endOnHelp(argv: readonly string[], usage: string, output: CommandOutput): void {
  if (argv.length === 1 && ['-h', '--help', 'help'].includes(argv[0]!)) {
    output.out(usage);
    throw new CommandExit(0);
  }
}

/** An error's message; anything else as console.error would print it. */
function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : format(err);
}
