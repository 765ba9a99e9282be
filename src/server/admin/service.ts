import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminUsers, users } from '../db/schema';
import { InvalidInputError } from '../errors';
import { emailSchema } from '../../shared/schemas';

/** Who asks: the signed-in user as better-auth's session gives it. */
export interface AdminCandidate {
  email: string;
  emailVerified: boolean;
}

/** The spec's adminUser in the admin check (section 3): the privileges in effect. */
export interface AdminUserView {
  email: string;
  role: string;
  isActive: boolean;
}

export interface AdminCheck {
  isAdmin: boolean;
  /** null when isAdmin is false; for an admin through ADMIN_EMAILS alone, role 'admin', active. */
  adminUser: AdminUserView | null;
  /**
   * True when the account would be an admin once its email is verified: the order desk then asks
   * for the verification instead of saying 'Access Denied'. Only the account's own email is told.
   */
  emailVerificationRequired: boolean;
}

export interface GrantResult {
  email: string;
  /** granted: new row; reactivated: a revoked row is active again; unchanged: was active already. */
  outcome: 'granted' | 'reactivated' | 'unchanged';
  /** Whether an account with this email exists, and whether it is verified (admin only once it is). */
  account: 'none' | 'unverified' | 'verified';
}

export interface RevokeResult {
  email: string;
  /** revoked: the row is now inactive; unchanged: it was inactive already; not-found: never granted. */
  outcome: 'revoked' | 'unchanged' | 'not-found';
  /** true when ADMIN_EMAILS still names this email, so it stays an admin until that setting changes. */
  stillAdminThroughAdminEmails: boolean;
}

export interface AdminList {
  granted: (AdminUserView & { createdAt: Date; updatedAt: Date })[];
  /** From ADMIN_EMAILS (lower-cased). */
  fromAdminEmails: string[];
}

const adminEmailSchema = emailSchema('Please enter a valid email address.').transform((email) => email.toLowerCase());

/** Lower-cased and checked; a bad address is an InvalidInputError. */
function normaliseAdminEmail(email: string): string {
  const parsed = adminEmailSchema.safeParse(email);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address.');
  return parsed.data;
}

const view = { email: adminUsers.email, role: adminUsers.role, isActive: adminUsers.isActive };

/**
 * Who is an admin: a user whose email is verified and that is either named in ADMIN_EMAILS or has
 * an active admin_users row. An unverified account is never an admin, whatever its email says:
 * anyone can sign up with any address.
 */
export function createAdminService(db: Database, adminEmails: readonly string[]) {
  const fromEnv = new Set(adminEmails.map((e) => e.trim().toLowerCase()));

  async function activeRow(email: string): Promise<AdminUserView | undefined> {
    const [row] = await db.select(view).from(adminUsers).where(eq(adminUsers.email, email));
    return row?.isActive ? row : undefined;
  }

  async function check(user: AdminCandidate | null | undefined): Promise<AdminCheck> {
    const notAdmin = { isAdmin: false, adminUser: null, emailVerificationRequired: false };
    if (!user) return notAdmin;
    const email = user.email.trim().toLowerCase();
    const row = await activeRow(email);
    const listed = row ?? (fromEnv.has(email) ? { email, role: 'admin', isActive: true } : undefined);
    if (!listed) return notAdmin;
    if (!user.emailVerified) return { ...notAdmin, emailVerificationRequired: true };
    return { isAdmin: true, adminUser: listed, emailVerificationRequired: false };
  }

  return {
    check,

    async isAdmin(user: AdminCandidate | null | undefined): Promise<boolean> {
      return (await check(user)).isAdmin;
    },

    async grantAdmin(rawEmail: string): Promise<GrantResult> {
      const email = normaliseAdminEmail(rawEmail);
      const [before] = await db.select(view).from(adminUsers).where(eq(adminUsers.email, email));
      await db
        .insert(adminUsers)
        .values({ email })
        .onConflictDoUpdate({ target: adminUsers.email, set: { isActive: true, updatedAt: sql`now()` } });
      const [account] = await db
        .select({ emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.email, email)); // better-auth stores emails lower-cased
      return {
        email,
        outcome: !before ? 'granted' : before.isActive ? 'unchanged' : 'reactivated',
        account: !account ? 'none' : account.emailVerified ? 'verified' : 'unverified',
      };
    },

    async revokeAdmin(rawEmail: string): Promise<RevokeResult> {
      const email = normaliseAdminEmail(rawEmail);
      const [before] = await db.select(view).from(adminUsers).where(eq(adminUsers.email, email));
      if (before?.isActive) {
        await db.update(adminUsers).set({ isActive: false, updatedAt: sql`now()` }).where(eq(adminUsers.email, email));
      }
      return {
        email,
        outcome: !before ? 'not-found' : before.isActive ? 'revoked' : 'unchanged',
        stillAdminThroughAdminEmails: fromEnv.has(email),
      };
    },

    async listAdmins(): Promise<AdminList> {
      const granted = await db
        .select({ ...view, createdAt: adminUsers.createdAt, updatedAt: adminUsers.updatedAt })
        .from(adminUsers)
        .orderBy(asc(adminUsers.email));
      return { granted, fromAdminEmails: [...fromEnv].sort() };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
