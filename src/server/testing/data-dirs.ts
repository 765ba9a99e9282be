import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Fills `dataDir` with a copy of the embedded database as the shop's first start leaves it
 * (seeded-databases.ts), for process tests that are not about a first start. No session secret
 * comes with it: each shop makes its own, as on a first start.
 */
export function copyStartedDataDir(dataDir: string): string {
  fs.cpSync(inject('startedDataDir'), dataDir, { recursive: true });
  return dataDir;
}

/**
 * What in `folder` (itself included) other local users could read or write: anything but a folder
 * of mode 0700 or a file of mode 0600, as `0666 base/5/1259`.
 */
export function openToOthers(folder: string): string[] {
  const entries = [folder, ...fs.readdirSync(folder, { recursive: true }).map((name) => path.join(folder, String(name)))];
  return entries.flatMap((entry) => {
    const stat = fs.lstatSync(entry);
    const mode = stat.mode & 0o777;
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    return mode === expected ? [] : [`${mode.toString(8).padStart(4, '0')} ${path.relative(folder, entry) || '.'}`];
  });
}

/** Opens `folder` and everything in it to every local user, as a shop before 0700 left it. */
export function openToEveryone(folder: string): void {
  for (const name of ['', ...fs.readdirSync(folder, { recursive: true }).map(String)]) {
    const entry = path.join(folder, name);
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o777 : 0o666);
  }
}
