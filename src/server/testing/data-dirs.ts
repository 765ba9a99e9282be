import fs from 'node:fs';
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
