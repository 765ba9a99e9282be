import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { DatabaseHandle } from './client';

/**
 * Online backups of the embedded database. Only the shop process may open its DATA_DIR, so while
 * it runs it answers backup requests on a Unix socket beside that folder, as its lock is (inside,
 * it would be copied into the backup): `npm run backup` connects, the shop dumps the database and
 * sends the file. The socket is its owner's alone (mode 0600).
 */
function backupSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup.sock`;
}

/**
 * Writes a backup beside its final name and renames it into place: a file of that name is always
 * whole. It holds everything DATA_DIR does, so it is its owner's alone too, as is a folder made for it.
 */
export function writeBackupFile(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial-${process.pid}`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** The running shop's side: a dump for every connection, then the connection ends. */
export async function serveBackups(dataDir: string, database: DatabaseHandle, onError: (err: unknown) => void): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a shop that stopped without closing it; this process holds the DATA_DIR lock, so it is not another's.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', onError);
    database
      .dump!()
      .then((bytes) => connection.end(bytes))
      .catch((err: unknown) => {
        onError(err);
        connection.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** The command's side: asks the running shop for a backup; rejects when no shop answers. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(backupSocketPath(dataDir));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) reject(new Error('The shop sent an empty backup: see its log'));
      else resolve(bytes);
    });
    connection.on('error', reject);
  });
}

const BACKUP_NAME = /^flag-shop-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** flag-shop-2026-11-24T02-00-00Z.tar.gz: sorts by time, and says when at a glance. */
export function backupFileName(at: Date): string {
  return `flag-shop-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/** The daily backups in a folder, newest first. */
export function dailyBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
}

/**
 * BACKUP_DIR: a backup when the newest there is a day old (or there is none), then the oldest
 * removed beyond BACKUP_KEEP. Looked at every hour once started, so a shop restarted often still
 * makes one a day.
 */
export function scheduleDailyBackups(
  options: { dir: string; keep: number; database: DatabaseHandle; log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void } },
  now: () => Date = () => new Date(),
): { runOnce: () => Promise<void>; start: () => () => void } {
  const { dir, keep, database, log } = options;
  async function runOnce(): Promise<void> {
    const [newest] = dailyBackups(dir);
    const newestAt = newest ? Date.parse(BACKUP_NAME.exec(newest)![1]!.replace(/T(\d{2})-(\d{2})-(\d{2})Z$/, 'T$1:$2:$3Z')) : 0;
    if (now().getTime() - newestAt < DAY_MS) return;
    const file = path.join(dir, backupFileName(now()));
    const bytes = await database.dump!();
    writeBackupFile(file, bytes);
    for (const old of dailyBackups(dir).slice(keep)) fs.rmSync(path.join(dir, old), { force: true });
    log.info({ file, bytes: bytes.length }, 'daily backup written');
  }
  /** Looks now and then every hour; the answer stops it. */
  function start(): () => void {
    const run = () => void runOnce().catch((err: unknown) => log.error({ err }, 'daily backup failed; tried again within the hour'));
    run();
    const timer = setInterval(run, 60 * 60 * 1000);
    timer.unref();
    return () => clearInterval(timer);
  }
  return { runOnce, start };
}
