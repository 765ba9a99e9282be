import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { accounts, users } from '../db/schema';
import { GOOGLE_PROVIDER_ID } from './google';
import { importedPasswordHash, isImportedPasswordHash, type FirebaseHashParameters } from './firebase-passwords';

/*
 * Moving a shop's customers off Firebase Authentication: the file `firebase auth:export
 * --format=json` writes becomes accounts of the shop's own, with their passwords (checked with
 * Firebase's scheme at the first sign-in, then stored in the shop's) and their Google sign-in.
 */

const base64 = z.string().regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'is not base64');

/** One user as Firebase exports it; fields the shop does not keep are ignored. */
const exportedUser = z.object({
  localId: z.string().min(1).max(128),
  email: z
    .string({ error: (issue) => (issue.input === undefined ? "is missing: the shop's accounts sign in with an email" : 'is not an email address') })
    .trim()
    .toLowerCase()
    .max(255)
    .pipe(z.email({ error: 'is not an email address' })),
  emailVerified: z.boolean().optional(),
  displayName: z.string().trim().max(100).optional(),
  photoUrl: z.string().url().max(500).optional(),
  passwordHash: base64.optional(),
  salt: base64.optional(),
  disabled: z.boolean().optional(),
  providerUserInfo: z.array(z.object({ providerId: z.string(), rawId: z.string().min(1).max(255) })).optional(),
});

const exportFile = z.object({ users: z.array(z.unknown()) });

export const hashParametersSchema = z.object({
  signerKey: base64.min(8),
  saltSeparator: base64,
  rounds: z.coerce.number().int().min(1).max(8),
  memCost: z.coerce.number().int().min(1).max(14),
});

export interface ImportReport {
  created: number;
  updated: number;
  /** Rows not imported, with why: the row's place in the file (from 1) and its email when it has one. */
  skipped: { row: number; email?: string; reason: string }[];
}

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

/** The export's users, or what is wrong with the file as a whole. */
export function readFirebaseExport(text: string): unknown[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'The file is not JSON: export it with firebase auth:export <file> --format=json';
  }
  const parsed = exportFile.safeParse(json);
  return parsed.success ? parsed.data.users : 'The file has no "users" list: export it with firebase auth:export <file> --format=json';
}

/**
 * Imports the users, one transaction each, by email: a user already in the shop keeps its own
 * password and gains what it lacks (the verified email, the Firebase password, the Google link),
 * so running the import again changes nothing. No welcome email goes out: these are customers already.
 */
export async function importFirebaseUsers(db: Database, rows: readonly unknown[], params: FirebaseHashParameters): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, skipped: [] };
  const seen = new Set<string>();
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const parsed = exportedUser.safeParse(raw);
    const email = typeof (raw as { email?: unknown } | null)?.email === 'string' ? String((raw as { email: string }).email) : undefined;
    if (!parsed.success) {
      report.skipped.push({ row, email, reason: problemOf(parsed.error) });
      continue;
    }
    const user = parsed.data;
    if (seen.has(user.email)) {
      report.skipped.push({ row, email: user.email, reason: 'the same email appears earlier in the file' });
      continue;
    }
    seen.add(user.email);
    if (user.disabled) {
      report.skipped.push({ row, email: user.email, reason: 'the account is disabled in Firebase' });
      continue;
    }
    if (Boolean(user.passwordHash) !== Boolean(user.salt)) {
      report.skipped.push({ row, email: user.email, reason: 'the password hash comes without its salt (or the salt without a hash)' });
      continue;
    }
    const outcome = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, user.email)).for('update');
      const userId = existing?.id ?? randomUUID();
      let changed = false;
      if (!existing) {
        await tx.insert(users).values({
          id: userId,
          name: user.displayName || user.email.split('@')[0]!,
          email: user.email,
          emailVerified: user.emailVerified ?? false,
          image: user.photoUrl ?? null,
        });
      } else if (user.emailVerified && !existing.emailVerified) {
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
        changed = true;
      }
      const linked = await tx.select().from(accounts).where(eq(accounts.userId, userId));
      if (user.passwordHash && user.salt) {
        const hash = importedPasswordHash(params, user.salt, user.passwordHash);
        const credential = linked.find((a) => a.providerId === 'credential');
        if (!credential) {
          await tx.insert(accounts).values({ id: randomUUID(), userId, accountId: userId, providerId: 'credential', password: hash });
          changed = true;
        } else if (credential.password && isImportedPasswordHash(credential.password) && credential.password !== hash) {
          // Not signed in since the last import: the newer export's hash replaces it.
          await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, credential.id));
          changed = true;
        }
      }
      for (const google of (user.providerUserInfo ?? []).filter((p) => p.providerId === 'google.com')) {
        if (linked.some((a) => a.providerId === GOOGLE_PROVIDER_ID && a.accountId === google.rawId)) continue;
        const [elsewhere] = await tx
          .select({ userId: accounts.userId })
          .from(accounts)
          .where(and(eq(accounts.providerId, GOOGLE_PROVIDER_ID), eq(accounts.accountId, google.rawId)));
        if (elsewhere) continue;
        await tx.insert(accounts).values({ id: randomUUID(), userId, accountId: google.rawId, providerId: GOOGLE_PROVIDER_ID });
        changed = true;
      }
      if (!existing) return 'created';
      return changed ? 'updated' : 'unchanged';
    });
    if (outcome === 'created') report.created += 1;
    if (outcome === 'updated') report.updated += 1;
  }
  return report;
}
