import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPointsCommand } from '../../../scripts/commands/pickup-points';
import { runInProcess, runScript } from '../testing/command-runs';
import { copyStartedDataDir } from '../testing/data-dirs';
import { openDatabase } from '../db/client';
import { pickupPoints } from '../db/schema';
import { lockDataDir } from '../db/data-dir-lock';
import { samplePoints } from './sample-points';

const settings = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });

/** `npm run pickup-points -- …` on the given DATA_DIR, run in this process (a process of its own costs seconds per call). */
function pickupPointsCli(dataDir: string, args: string[]) {
  return runInProcess(pickupPointsCommand, args, settings(dataDir));
}

const paxiJson = [
  { nc: 'P5772', nd: 'PEP Sea Point', a1: 'Shop 4, Adelphi Centre', a2: 'Main Road', a4: 'Sea Point', a6: 'W Cape', pc: '8005', pn: '021 555 0101', ns: 'open', lat: '-33.9160', lng: '18.3890' },
  { nc: 'P1001', sn: 'PEP SOWETO', a1: 'Chris Hani Road', a4: 'Soweto', a6: 'GAUTENG', pc: '1804', ns: 'CLOSED', latitude: -26.26, longitude: 27.9 },
  { nc: 'P1002', nd: 'PEP Durban', a1: 'West Street', a4: 'Durban', a6: 'KZN', pc: '4001', ns: 'open', la: -29.858, lo: 31.024 },
  { nc: 'P1003', nd: 'PEP Nowhere', a1: 'Somewhere', a4: 'Soweto', a6: 'Gauteng', ns: 'open' },
];

const csv = `code,name,address,town,province,postal_code,phone,latitude,longitude,status
P5772,PEP Sea Point Main Road,"Shop 4, Adelphi Centre, Main Road",Sea Point,Western Cape,8005,021 555 0101,-33.9160,18.3890,open
P2001,PEP Hatfield,Burnett Street,Pretoria,Gauteng,0083,,-25.7495,28.2370,open
P2002,Tekkie Town Bloemfontein,Maitland Street,Bloemfontein,Freestate,9301,,-29.12,26.215,open
P2003,Broken,Nowhere,Bloemfontein,Free State,9301,,abc,26.2,open
`;

describe('npm run pickup-points', () => {
  let dir: string;
  let dataDir: string;
  const file = (name: string, content: string) => {
    const full = path.join(dir, name);
    fs.writeFileSync(full, content);
    return full;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pickup-cli-'));
    // As a fresh shop leaves it: migrated, with the sample points.
    dataDir = copyStartedDataDir(path.join(dir, 'data'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the sample, imports PAXI JSON over it, updates by code from a CSV, and replaces', { timeout: 120_000 }, async () => {
    const before = await pickupPointsCli(dataDir, ['list']);
    expect(before.code).toBe(0);
    expect(before.stdout).toContain(`Pickup points: ${samplePoints.length} open, 0 closed.`);
    expect(before.stdout).toMatch(/Western Cape\s+18 open/);
    expect(before.stdout).toContain('The sample points are in use');

    const json = await pickupPointsCli(dataDir, ['import', file('paxi.json', JSON.stringify(paxiJson))]);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toContain("Read 4 rows from paxi.json (PAXI's JSON point list): 3 valid, 1 skipped.");
    expect(json.stdout).toContain('Added 3, updated 0, unchanged 0, removed 0, skipped 1.');
    expect(json.stdout).toContain(`Removed the ${samplePoints.length} sample points`);
    expect(json.stdout).toContain('item 4 (P1003): missing coordinates');

    const listed = await pickupPointsCli(dataDir, ['list']);
    expect(listed.stdout).toContain('Pickup points: 2 open, 1 closed.');
    expect(listed.stdout).toMatch(/Gauteng\s+0 open, 1 closed/);
    expect(listed.stdout).toMatch(/KwaZulu-Natal\s+1 open/);
    expect(listed.stdout).toContain('No sample points');

    const update = await pickupPointsCli(dataDir, ['import', file('points.csv', csv)]);
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain('Read 4 rows from points.csv (CSV): 3 valid, 1 skipped.');
    expect(update.stdout).toContain('Added 2, updated 1, unchanged 0, removed 0, skipped 1.');
    expect(update.stdout).toContain('row 5 (P2003): latitude is not a number');
    expect(update.stdout).toContain('Points that are not in the file were kept');

    const replace = await pickupPointsCli(dataDir, ['import', file('points.csv', csv), '--replace']);
    expect(replace.code, replace.stderr).toBe(0);
    expect(replace.stdout).toContain('Added 0, updated 0, unchanged 3, removed 2, skipped 1.');

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(pickupPoints).orderBy(pickupPoints.code);
      expect(rows.map((r) => [r.code, r.province, r.postalCode, r.isSample])).toEqual([
        ['P2001', 'Gauteng', '0083', false],
        ['P2002', 'Free State', '9301', false],
        ['P5772', 'Western Cape', '8005', false],
      ]);
      expect(rows.find((r) => r.code === 'P5772')?.address).toBe('Shop 4, Adelphi Centre, Main Road');
    } finally {
      await database.close();
    }
  });

  it('changes nothing when the file has no valid point', { timeout: 60_000 }, async () => {
    const res = await pickupPointsCli(dataDir, ['import', file('empty.json', JSON.stringify([{ nc: 'P1' }])), '--replace']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No valid points in');
    expect(res.stderr).toContain('nothing was changed');
    expect((await pickupPointsCli(dataDir, ['list'])).stdout).toContain('Pickup points: 3 open, 0 closed.');
  });

  it('says so when the file is missing or not a point list', async () => {
    const missing = await pickupPointsCli(dataDir, ['import', path.join(dir, 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    const badCsv = await pickupPointsCli(dataDir, ['import', file('bad.csv', 'code,name\nP1,PEP\n')]);
    expect(badCsv.code).toBe(1);
    expect(badCsv.stderr).toContain('The CSV header must name the columns code,name,address,town,province,postal_code,phone,latitude,longitude,status');
  });

  it('refuses to open the embedded database while the shop holds it', { timeout: 60_000 }, async () => {
    const release = await lockDataDir(dataDir);
    try {
      const res = await pickupPointsCli(dataDir, ['list']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('Another shop process is already using the embedded database');
      expect(res.stderr).toContain('stop the shop');
    } finally {
      await release();
    }
  });

  it('exits 2 with the usage on bad arguments', async () => {
    for (const args of [[], ['import'], ['import', 'a.json', 'b.json'], ['import', 'a.json', '--force'], ['export'], ['list', 'extra']]) {
      const res = await pickupPointsCli(dataDir, args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('npm run pickup-points -- import <file>');
    }
  });

  it('runs through scripts/pickup-points.ts as npm run pickup-points does: its output and exit codes', { timeout: 60_000 }, async () => {
    const usage = await runScript('scripts/pickup-points.ts', ['list', 'extra'], settings(dataDir));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run pickup-points -- import <file>');

    const imported = await runScript('scripts/pickup-points.ts', ['import', file('points.csv', csv)], settings(dataDir));
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Read 4 rows from points.csv (CSV): 3 valid, 1 skipped.');
    expect(imported.stdout).toContain('Added 0, updated 0, unchanged 3, removed 0, skipped 1.');
  });
});
