import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../../scripts/commands/admin';
import { runInProcess, runScript } from '../testing/command-runs';
import { copyStartedDataDir } from '../testing/data-dirs';
import { lockDataDir } from '../db/data-dir-lock';

const settings = (dataDir: string, env: Record<string, string>) => ({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: '', LOG_LEVEL: 'silent', ...env });

/** `npm run admin -- …` on the given DATA_DIR, run in this process (a process of its own costs seconds per call). */
function admin(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return runInProcess(adminCommand, args, settings(dataDir, env));
}

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = copyStartedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-cli-')));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants, lists and revokes on the embedded database', { timeout: 90_000 }, async () => {
    const granted = await admin(dataDir, ['grant', 'Boss@Example.co.za']);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain('Granted admin to boss@example.co.za.');
    expect(granted.stdout).toContain('No account uses boss@example.co.za yet');

    const listed = await admin(dataDir, ['list'], { ADMIN_EMAILS: 'owner@example.co.za' });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/boss@example\.co\.za\s+admin\s+active/);
    expect(listed.stdout).toContain('owner@example.co.za');

    const revoked = await admin(dataDir, ['revoke', 'boss@example.co.za'], { ADMIN_EMAILS: 'boss@example.co.za' });
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('Revoked admin from boss@example.co.za.');
    expect(revoked.stdout).toContain('still an admin through ADMIN_EMAILS');

    const after = await admin(dataDir, ['list']);
    expect(after.stdout).toMatch(/boss@example\.co\.za\s+admin\s+revoked/);
  });

  it('exits 2 with the usage on a bad command or email', async () => {
    for (const args of [[], ['promote', 'a@b.co.za'], ['grant'], ['grant', 'not-an-email'], ['list', 'extra']]) {
      const res = await admin(dataDir, args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('Usage:');
      expect(res.stderr).toContain('npm run admin -- grant <email>');
    }
    expect((await admin(dataDir, ['grant', 'not-an-email'])).stderr).toContain('not an email address: not-an-email');
  });

  it('refuses to open the embedded database while the shop holds it', { timeout: 60_000 }, async () => {
    const release = await lockDataDir(dataDir);
    try {
      const res = await admin(dataDir, ['list']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('Another shop process is already using the embedded database');
      expect(res.stderr).toContain('stop the shop');
      expect(res.stderr).toContain('DATABASE_URL');
    } finally {
      await release();
    }
  });

  it('runs through scripts/admin.ts as npm run admin does: its output and exit codes', { timeout: 60_000 }, async () => {
    const usage = await runScript('scripts/admin.ts', [], settings(dataDir, {}));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run admin -- grant <email>');

    const granted = await runScript('scripts/admin.ts', ['grant', 'Owner@Example.co.za'], settings(dataDir, {}));
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain('Granted admin to owner@example.co.za.');
  });
});
