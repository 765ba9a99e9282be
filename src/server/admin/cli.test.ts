import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';
import { lockDataDir } from '../db/data-dir-lock';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node --import tsx scripts/admin.ts …` as `npm run admin -- …` runs it, on the given DATA_DIR. */
function admin(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: '', LOG_LEVEL: 'silent', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-cli-'));
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
});
