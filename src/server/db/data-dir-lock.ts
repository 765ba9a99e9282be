import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, folder: string, holder: number | undefined) {
    const seen = path.resolve(dataDir) === folder ? dataDir : `${dataDir} (the folder ${folder})`;
    super(
      `Another shop process is already using the embedded database in ${seen}.\n` +
        `Stop that process${holder === undefined ? '' : ` (pid ${holder})`}, or give this one its own DATA_DIR, ` +
        'or set DATABASE_URL to a PostgreSQL server to run several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Calling it releases the lock. */
export interface DataDirLock {
  (): Promise<void>;
  /** The pid of a shop process that stopped without releasing the lock (a crash, kill -9), whose lock this one took over. */
  takenOverFrom?: number;
}

/** The file inside the lock directory that names the holder's pid. */
const HOLDER_FILE = 'pid';

/**
 * proper-lockfile's lock is a directory it makes and removes; ours also holds the holder's pid. The
 * pid is written as the directory is made, before proper-lockfile notes the directory's mtime (a
 * later write would change it and read as a lost lock), and it is removed with the directory.
 */
const lockFs = {
  ...fs,
  mkdir(dir: string, callback: (err: NodeJS.ErrnoException | null) => void): void {
    fs.mkdir(dir, (err) => {
      if (err) return callback(err);
      fs.writeFile(path.join(dir, HOLDER_FILE), String(process.pid), (writeErr) => {
        if (writeErr) fs.rm(dir, { recursive: true, force: true }, () => callback(writeErr));
        else callback(null);
      });
    });
  },
  rmdir(dir: string, callback: (err: NodeJS.ErrnoException | null) => void): void {
    fs.rm(dir, { recursive: true, force: true }, callback);
  },
  rmdirSync(dir: string): void {
    fs.rmSync(dir, { recursive: true, force: true });
  },
};

/** Folders this process holds, so that our own pid in one of their locks is not taken for a previous run's. */
const heldHere = new Set<string>();

/**
 * PGlite has no lock of its own: two processes on one folder would corrupt it. Takes an exclusive
 * lock on the folder; a second process gets DataDirInUseError. A lock left by a process that is no
 * longer running is taken over at once, so a shop restarts straight after a crash.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  // The database inside is the shop's user's alone (owner-only.ts closes what is in it).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Two symlinks to one folder must meet at one lock.
  const folder = fs.realpathSync(dataDir);
  fs.chmodSync(folder, 0o700);
  const lockPath = `${folder}.lock`;
  const refused = () => new DataDirInUseError(dataDir, folder, readHolder(lockPath));
  if (heldHere.has(folder)) throw refused();

  let takenOverFrom: number | undefined;
  const holder = readHolder(lockPath);
  if (holder !== undefined && !isRunning(holder)) {
    if (!removeLeftoverLock(lockPath, holder)) throw refused();
    takenOverFrom = holder;
  }
  // A lock without a pid yet (its holder is still making it) or of a running holder is in use. When a
  // crashed holder's pid now belongs to an unrelated process, proper-lockfile frees the lock once its mtime is stale.
  const release = await tryLock(folder);
  if (!release) throw refused();
  heldHere.add(folder);
  const releaseLock = async () => {
    heldHere.delete(folder);
    await release();
  };
  return Object.assign(releaseLock, { takenOverFrom });
}

/** The lock's release, or undefined while another holder's lock is fresh. */
async function tryLock(folder: string): Promise<(() => Promise<void>) | undefined> {
  try {
    return await lockfile.lock(folder, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      fs: lockFs,
      onCompromised: (err) => {
        // The lock was lost (the folder vanished or the clock jumped): stop rather than risk the data.
        console.error(`Lost the lock on ${folder}: ${err.message}`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw err;
  }
}

function readHolder(lockDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(lockDir, HOLDER_FILE), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Our own pid can only be a previous run's (containers start the shop under the same pid after a
 * restart); `heldHere` has already refused this process's own locks.
 */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: running, under another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  return !hasEnded(pid);
}

/**
 * A process killed with -9 stays a zombie until its parent collects it (npm, a shell, a container's
 * init; a second or two, or for as long as a careless parent lives). It answers signals but will
 * never run again: Linux says so in /proc/<pid>/stat, state Z (zombie) or X (dead). Elsewhere the
 * lock's stale mtime frees it.
 */
function hasEnded(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // "pid (command) state …": the command may itself hold spaces and brackets, so the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/**
 * Moves a stopped holder's lock aside before deleting it: when two processes take over at once, the
 * slower one finds the faster one's new lock in its hands, puts it back and is refused (false).
 */
function removeLeftoverLock(lockPath: string, holder: number): boolean {
  const aside = `${lockPath}.${process.pid}.leftover`;
  fs.rmSync(aside, { recursive: true, force: true });
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
  if (readHolder(aside) !== holder) {
    fs.renameSync(aside, lockPath);
    return false;
  }
  fs.rmSync(aside, { recursive: true, force: true });
  return true;
}
