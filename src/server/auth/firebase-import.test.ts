import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outbox, users } from '../db/schema';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { runInProcess } from '../testing/command-runs';
import { copyStartedDataDir } from '../testing/data-dirs';
import { SAMPLE_PARAMETERS, SAMPLE_USER } from '../testing/firebase-sample';
import { usersCommand } from '../../../scripts/commands/users';
import { importFirebaseUsers } from './firebase-import';
import { importedPasswordHash } from './firebase-passwords';

/** Users as `firebase auth:export --format=json` writes them. */
const exported = [
  { localId: 'uid-thandi', email: 'Thandi@Example.co.za', emailVerified: true, displayName: 'Thandi Mokoena', passwordHash: SAMPLE_USER.passwordHash, salt: SAMPLE_USER.salt, createdAt: '1700000000000' },
  {
    localId: 'uid-sipho',
    email: 'sipho@example.co.za',
    emailVerified: true,
    displayName: 'Sipho Dube',
    providerUserInfo: [{ providerId: 'google.com', rawId: '109876543210', email: 'sipho@example.co.za' }],
  },
  { localId: 'uid-new', email: 'new@example.co.za', emailVerified: false, passwordHash: SAMPLE_USER.passwordHash, salt: SAMPLE_USER.salt },
  { localId: 'uid-nomail', phoneNumber: '+27821234567' },
  { localId: 'uid-bad', email: 'not an email' },
  { localId: 'uid-gone', email: 'gone@example.co.za', disabled: true },
  { localId: 'uid-half', email: 'half@example.co.za', passwordHash: SAMPLE_USER.passwordHash },
  { localId: 'uid-twice', email: 'THANDI@example.co.za' },
  'not a user',
];

describeShop('customers moved off Firebase', {}, (shop) => {
  const signIn = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_PUBLIC_URL }, payload: { email, password } });
  const storedPassword = async (email: string) => {
    const [row] = await shop.db.select({ password: accounts.password }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(eq(users.email, email));
    return row?.password ?? null;
  };

  it('imports each user with its verified email, password and Google sign-in, reports the rows it cannot take, and changes nothing when run again', async () => {
    const report = await importFirebaseUsers(shop.db, exported, SAMPLE_PARAMETERS);
    expect(report).toEqual({
      created: 3,
      updated: 0,
      skipped: [
        { row: 4, reason: "email is missing: the shop's accounts sign in with an email" },
        { row: 5, email: 'not an email', reason: 'email is not an email address' },
        { row: 6, email: 'gone@example.co.za', reason: 'the account is disabled in Firebase' },
        { row: 7, email: 'half@example.co.za', reason: 'the password hash comes without its salt (or the salt without a hash)' },
        { row: 8, email: 'thandi@example.co.za', reason: 'the same email appears earlier in the file' },
        { row: 9, reason: 'Invalid input: expected object, received string' },
      ],
    });
    const thandi = (await shop.db.select().from(users).where(eq(users.email, 'thandi@example.co.za')))[0]!;
    expect(thandi).toMatchObject({ name: 'Thandi Mokoena', emailVerified: true });
    expect((await shop.db.select().from(users).where(eq(users.email, 'new@example.co.za')))[0]).toMatchObject({ name: 'new', emailVerified: false });
    const sipho = (await shop.db.select().from(users).where(eq(users.email, 'sipho@example.co.za')))[0]!;
    expect(await shop.db.select({ providerId: accounts.providerId, accountId: accounts.accountId }).from(accounts).where(eq(accounts.userId, sipho.id))).toEqual([
      { providerId: 'google', accountId: '109876543210' },
    ]);
    // Existing customers get no welcome email.
    const welcomes = (await shop.db.select().from(outbox)).filter((row) => JSON.stringify(row.payload).includes('thandi@example.co.za'));
    expect(welcomes).toEqual([]);

    expect(await importFirebaseUsers(shop.db, exported, SAMPLE_PARAMETERS)).toMatchObject({ created: 0, updated: 0 });
    expect(await shop.db.select().from(accounts).where(eq(accounts.userId, sipho.id))).toHaveLength(1);
  });

  it("signs the customer in with the Firebase password once, then keeps it in the shop's own scheme; a wrong password is refused", async () => {
    expect(await storedPassword('new@example.co.za')).toBe(importedPasswordHash(SAMPLE_PARAMETERS, SAMPLE_USER.salt, SAMPLE_USER.passwordHash));
    const wrong = await signIn('new@example.co.za', 'user1Password');
    expect(wrong.statusCode).toBe(401);
    expect(await storedPassword('new@example.co.za')).toMatch(/^firebase-scrypt\$/);

    const first = await signIn('new@example.co.za', SAMPLE_USER.password);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ user: { email: 'new@example.co.za' } });
    const rehashed = await storedPassword('new@example.co.za');
    expect(rehashed).not.toMatch(/^firebase-scrypt\$/);
    expect(rehashed).not.toContain(SAMPLE_USER.passwordHash);
    expect((await signIn('new@example.co.za', SAMPLE_USER.password)).statusCode).toBe(200);
    expect((await signIn('new@example.co.za', 'user1Password')).statusCode).toBe(401);

    // Imported again later: the shop's own password stays.
    await importFirebaseUsers(shop.db, exported, SAMPLE_PARAMETERS);
    expect(await storedPassword('new@example.co.za')).toBe(rehashed);
  });

  it("leaves a shop account's own password alone and only adds what Firebase knows more", async () => {
    const signUp = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { name: 'Lerato', email: 'lerato@example.co.za', password: 'shop-password-1' },
    });
    expect(signUp.statusCode).toBe(200);
    const own = await storedPassword('lerato@example.co.za');
    const report = await importFirebaseUsers(shop.db, [{ localId: 'uid-lerato', email: 'lerato@example.co.za', emailVerified: true, passwordHash: SAMPLE_USER.passwordHash, salt: SAMPLE_USER.salt }], SAMPLE_PARAMETERS);
    expect(report).toEqual({ created: 0, updated: 1, skipped: [] });
    expect(await storedPassword('lerato@example.co.za')).toBe(own);
    expect((await shop.db.select().from(users).where(eq(users.email, 'lerato@example.co.za')))[0]!.emailVerified).toBe(true);
    expect((await signIn('lerato@example.co.za', 'shop-password-1')).statusCode).toBe(200);
    expect((await signIn('lerato@example.co.za', SAMPLE_USER.password)).statusCode).toBe(401);
  });
});

describe('npm run users -- import-firebase', () => {
  let dir: string;
  let dataDir: string;
  const settings = () => ({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const hashOptions = ['--signer-key', SAMPLE_PARAMETERS.signerKey, '--salt-separator', SAMPLE_PARAMETERS.saltSeparator, '--rounds', '8', '--mem-cost', '14'];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-users-cli-'));
    dataDir = copyStartedDataDir(path.join(dir, 'data'));
    fs.writeFileSync(path.join(dir, 'users.json'), JSON.stringify({ users: exported }));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"users": [');
    fs.writeFileSync(path.join(dir, 'other.json'), '{"accounts": []}');
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the export file and lists what it could not take, with the same result when run again', { timeout: 90_000 }, async () => {
    const first = await runInProcess(usersCommand, ['import-firebase', path.join(dir, 'users.json'), ...hashOptions], settings());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Read 9 users from ${path.join(dir, 'users.json')}: 3 new accounts, 0 updated, 0 already up to date.`);
    expect(first.stdout).toContain('Not imported (6):');
    expect(first.stdout).toContain('  row 6 (gone@example.co.za): the account is disabled in Firebase');
    const again = await runInProcess(usersCommand, ['import-firebase', path.join(dir, 'users.json'), ...hashOptions], settings());
    expect(again.stdout).toContain('0 new accounts, 0 updated, 3 already up to date.');
  });

  it('exits 2 with the usage on bad options and 1 on a file it cannot read', async () => {
    const file = path.join(dir, 'users.json');
    for (const [args, problem] of [
      [[], 'name the command: import-firebase'],
      [['export-firebase', file, ...hashOptions], 'unknown command "export-firebase"'],
      [['import-firebase', ...hashOptions], 'name one export file'],
      [['import-firebase', file, ...hashOptions.slice(2)], '--signer-key is missing'],
      [['import-firebase', file, ...hashOptions.slice(0, 6), '--mem-cost', '99'], '--mem-cost Too big'],
      [['import-firebase', file, ...hashOptions.slice(0, 4), '--rounds', 'eight', '--mem-cost', '14'], '--rounds '],
      [['import-firebase', file, '--signer-key', 'not base64!', ...hashOptions.slice(2)], '--signer-key is not base64'],
      [['import-firebase', file, ...hashOptions, '--verbose'], "Unknown option '--verbose'"],
    ] as const) {
      const res = await runInProcess(usersCommand, [...args], settings());
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain(problem);
      expect(res.stderr).toContain('npm run users -- import-firebase <export.json>');
    }
    const missing = await runInProcess(usersCommand, ['import-firebase', path.join(dir, 'nope.json'), ...hashOptions], settings());
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('Cannot read')]);
    const broken = await runInProcess(usersCommand, ['import-firebase', path.join(dir, 'broken.json'), ...hashOptions], settings());
    expect([broken.code, broken.stderr.trim()]).toEqual([1, 'The file is not JSON: export it with firebase auth:export <file> --format=json']);
    const other = await runInProcess(usersCommand, ['import-firebase', path.join(dir, 'other.json'), ...hashOptions], settings());
    expect([other.code, other.stderr.trim()]).toEqual([1, 'The file has no "users" list: export it with firebase auth:export <file> --format=json']);
  });
});
