import { spawnSync } from 'node:child_process';
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
