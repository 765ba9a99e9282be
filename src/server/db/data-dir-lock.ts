import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `Another shop process is already using the embedded database in ${dataDir}.\n` +
        'Stop that process, or give this one its own DATA_DIR, or set DATABASE_URL to a PostgreSQL server ' +
        'to run several processes. (If no other process is running, the lock of a crashed one expires within 10 seconds.)',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder would corrupt it. Takes an exclusive
 * lock on the folder and returns its release; a second process gets DataDirInUseError.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (err) => {
        // The lock was lost (the folder vanished or the clock jumped): stop rather than risk the data.
        console.error(`Lost the lock on ${dataDir}: ${err.message}`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw err;
  }
}
