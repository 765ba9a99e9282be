import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

/** The lock a shop process with this pid leaves behind when it is killed; no pid = still being made. */
function leaveLock(folder: string, pid?: number): string {
  const lockDir = `${folder}.lock`;
  fs.mkdirSync(lockDir);
  if (pid !== undefined) fs.writeFileSync(path.join(lockDir, 'pid'), String(pid));
  return lockDir;
}

const holderOf = (lockDir: string) => Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));

/** A pid no process has any more: a process that has exited. */
function stoppedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

/**
 * A killed process that is a zombie: its parent (`sleep`, which the shell became) never collects
 * it, as a shop's parent has not yet in the moment after `kill -9`. Stopping the parent lets init
 * collect it.
 */
async function zombie(): Promise<{ pid: number; stopParent: () => Promise<void> }> {
  const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  // Killed while the shell still runs, the child would be collected by it: wait until the shell has become `sleep`.
  while (fs.readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() !== 'sleep') await new Promise((resolve) => setImmediate(resolve));
  process.kill(pid, 'SIGKILL');
  // Until the kernel has ended it, the child is still running; afterwards it stays a zombie.
  while (!/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((resolve) => setImmediate(resolve));
  return {
    pid,
    stopParent: async () => {
      const exited = once(parent, 'exit');
      parent.kill('SIGKILL');
      await exited;
    },
  };
}

/** A process that is running and is not this one. */
const runningPid = process.ppid;

describe('lockDataDir', () => {
  let parent: string;
  let dataDir: string;

  beforeEach(() => {
    parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-lock-')));
    dataDir = path.join(parent, 'data');
  });

  afterEach(() => {
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('refuses a folder whose lock a running process holds, naming its pid', async () => {
    fs.mkdirSync(dataDir);
    const lockDir = leaveLock(dataDir, runningPid);
    const refusal = lockDataDir(dataDir);
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(
      `Another shop process is already using the embedded database in ${dataDir}.\nStop that process (pid ${runningPid})`,
    );
    expect(holderOf(lockDir)).toBe(runningPid);
  });

  it("makes a new DATA_DIR the shop's user's alone (0700), and closes an existing one that others could open", async () => {
    const release = await lockDataDir(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    await release();
    fs.chmodSync(dataDir, 0o777);
    const again = await lockDataDir(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    await again();
  });

  it('refuses a folder whose holder is still making its lock (no pid written yet)', async () => {
    fs.mkdirSync(dataDir);
    leaveLock(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
  });

  it('refuses a second lock on a folder this process holds, and frees the folder on release', async () => {
    const release = await lockDataDir(dataDir);
    expect(holderOf(`${dataDir}.lock`)).toBe(process.pid);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
    await release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await lockDataDir(dataDir);
    expect(again.takenOverFrom).toBeUndefined();
    await again();
  });

  it('takes over at once the fresh lock of a process that is no longer running', async () => {
    fs.mkdirSync(dataDir);
    const dead = stoppedPid();
    const lockDir = leaveLock(dataDir, dead);
    const release = await lockDataDir(dataDir);
    try {
      expect(release.takenOverFrom).toBe(dead);
      expect(holderOf(lockDir)).toBe(process.pid);
      expect(fs.readdirSync(parent).sort()).toEqual(['data', 'data.lock']);
    } finally {
      await release();
    }
  });

  it.runIf(process.platform === 'linux')('takes over at once the lock of a killed process its parent has not yet collected (a zombie)', async () => {
    fs.mkdirSync(dataDir);
    const killed = await zombie();
    try {
      const lockDir = leaveLock(dataDir, killed.pid);
      const release = await lockDataDir(dataDir);
      expect(release.takenOverFrom).toBe(killed.pid);
      expect(holderOf(lockDir)).toBe(process.pid);
      await release();
    } finally {
      await killed.stopParent();
    }
  });

  it('takes over a lock bearing its own pid: a previous run of a container that restarted', async () => {
    fs.mkdirSync(dataDir);
    leaveLock(dataDir, process.pid);
    const release = await lockDataDir(dataDir);
    expect(release.takenOverFrom).toBe(process.pid);
    await release();
  });

  it('frees the lock of a running pid once its mtime is stale: the pid was reused by an unrelated process', async () => {
    fs.mkdirSync(dataDir);
    const lockDir = leaveLock(dataDir, runningPid);
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockDir, minuteAgo, minuteAgo);
    const release = await lockDataDir(dataDir);
    expect(holderOf(lockDir)).toBe(process.pid);
    await release();
  });

  it('locks the real folder behind a symlink, so two symlinks to one folder exclude each other', async () => {
    fs.mkdirSync(dataDir);
    const viaA = path.join(parent, 'link-a');
    const viaB = path.join(parent, 'link-b');
    fs.symlinkSync(dataDir, viaA);
    fs.symlinkSync(dataDir, viaB);

    const release = await lockDataDir(viaA);
    try {
      expect(holderOf(`${dataDir}.lock`)).toBe(process.pid);
      expect(fs.existsSync(`${viaA}.lock`)).toBe(false);
      await expect(lockDataDir(viaB)).rejects.toThrow(`in ${viaB} (the folder ${dataDir})`);
    } finally {
      await release();
    }

    leaveLock(dataDir, runningPid);
    await expect(lockDataDir(viaB)).rejects.toThrow(DataDirInUseError);
  });
});
