/** `npm run backup` and `npm run restore`: the embedded database to one file and back (scripts/backup.ts, scripts/restore.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { CommandExit, endOnHelp, loadCommandConfig, runCommand, type CommandOutput, type ShopCommand } from './shop-database';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/data-dir-lock';
import { requestBackup, writeBackupFile } from '../../src/server/db/backup';

const BACKUP_USAGE = `Usage:
  npm run backup -- <file>   a consistent copy of the embedded database in DATA_DIR, as one .tar.gz

The shop may keep running: it makes the copy itself. With DATABASE_URL, use pg_dump (see docs/operations.md).`;

const RESTORE_USAGE = `Usage:
  npm run restore -- <file> [--force]   the database of a backup into DATA_DIR

Stop the shop first. DATA_DIR must be empty or missing; --force replaces what is there.
With DATABASE_URL, use pg_restore (see docs/operations.md).`;

function refusePostgres(config: Config, tool: string, output: CommandOutput): void {
  if (!config.databaseUrl) return;
  output.err(`DATABASE_URL is set: the database is PostgreSQL's, so use ${tool} (see "Backups" in docs/operations.md).`);
  throw new CommandExit(1);
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The backup, from the running shop when it holds DATA_DIR, or straight from the folder when it is stopped. */
async function takeBackup(config: Config): Promise<{ bytes: Buffer; from: 'running shop' | 'stopped shop' }> {
  let release;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    return { bytes: await requestBackup(config.dataDir), from: 'running shop' };
  }
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return { bytes: await database.dump!(), from: 'stopped shop' };
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

export const backupCommand: ShopCommand = (argv, env, output) =>
  runCommand(output, async () => {
    endOnHelp(argv, BACKUP_USAGE, output);
    if (argv.length !== 1 || argv[0]!.startsWith('-')) {
      output.err(BACKUP_USAGE);
      throw new CommandExit(2);
    }
    const config = loadCommandConfig(env, output);
    refusePostgres(config, 'pg_dump', output);
    const file = path.resolve(argv[0]!);
    const { bytes, from } = await takeBackup(config);
    writeBackupFile(file, bytes);
    output.out(`Backed up ${config.dataDir} (${from}) to ${file}, ${kilobytes(bytes.length)}.`);
  });

/** What DATA_DIR holds, or nothing when it is missing. */
function contentsOf(dataDir: string): string[] {
  return fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
}

export const restoreCommand: ShopCommand = (argv, env, output) =>
  runCommand(output, async () => {
    endOnHelp(argv, RESTORE_USAGE, output);
    const force = argv.includes('--force');
    const files = argv.filter((arg) => arg !== '--force');
    if (files.length !== 1 || files[0]!.startsWith('-')) {
      output.err(RESTORE_USAGE);
      throw new CommandExit(2);
    }
    const config = loadCommandConfig(env, output);
    refusePostgres(config, 'pg_restore', output);
    const file = path.resolve(files[0]!);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      output.err(`No backup file at ${file}.`);
      throw new CommandExit(1);
    }
    let release;
    try {
      release = await lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirInUseError)) throw err;
      output.err(`${err.message}\n\nStop the shop before restoring: the restore replaces the database it is using.`);
      throw new CommandExit(1);
    }
    try {
      const there = contentsOf(config.dataDir);
      if (there.length > 0 && !force) {
        output.err(`${config.dataDir} is not empty (${there.length} entries): restore into an empty folder, or add --force to replace what is there.`);
        throw new CommandExit(1);
      }
      for (const name of there) fs.rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
      // The embedded database starts from the backup's files, and is migrated to this version of the shop.
      const database = await openDatabase({ dataDir: config.dataDir, copyOf: new Blob([fs.readFileSync(file)]) });
      await database.close();
      output.out(`Restored ${file} into ${config.dataDir}. Start the shop as usual.`);
    } finally {
      await release();
    }
  });
