import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedCatalogue } from '../catalog/seed';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { queryServer, scratchDatabase } from './test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated, seeded embedded database. */
    seededEmbeddedDump: string;
    /** A DATA_DIR as the shop's first start leaves it (migrated, the catalogue, the sample pickup points), to copy with copyStartedDataDir. */
    startedDataDir: string;
    /** A migrated, seeded PostgreSQL database on TEST_DATABASE_URL's server, to copy with CREATE DATABASE … TEMPLATE. */
    seededPostgresTemplate: string | undefined;
  }
}

/**
 * Migrating and seeding a database takes seconds; copying one takes a fraction of that. So the
 * suites migrate and seed once per run, here, and every test database is a copy (test-support.ts).
 */
export default async function prepareSeededDatabases(project: TestProject): Promise<() => Promise<void>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-seeded-'));
  const dumpFile = path.join(folder, 'embedded.tar');
  const embedded = await openDatabase({ prepare: seedCatalogue });
  let dump: Blob;
  try {
    const client = (embedded.db as unknown as { $client: PGlite }).$client;
    dump = await client.dumpDataDir('none');
    fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await embedded.close();
  }
  project.provide('seededEmbeddedDump', dumpFile);

  // Most process tests are not about a first start, which is slow (a new database cluster, the
  // migrations, the seeds): they start on a copy of this folder. The dump already holds the
  // catalogue; a start of a shop that is not public adds the sample pickup points.
  const dataDir = path.join(folder, 'data');
  const started = await openDatabase({ dataDir, copyOf: dump, prepare: seedSamplePickupPoints });
  await started.close();
  project.provide('startedDataDir', dataDir);

  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  let template: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  if (serverUrl) {
    template = await scratchDatabase(serverUrl);
    const seeded = await openDatabase({ databaseUrl: template.url, prepare: seedCatalogue });
    await seeded.close();
    // A template nobody may connect to, so that copies never wait for or fail on its sessions.
    await queryServer(serverUrl, `ALTER DATABASE ${template.name} WITH ALLOW_CONNECTIONS false`);
  }
  project.provide('seededPostgresTemplate', template?.name);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    await template?.drop();
  };
}
