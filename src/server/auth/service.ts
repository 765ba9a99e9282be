import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Auth } from './auth';
import type { UserSyncInput } from '../../shared/schemas';

/** The spec's verification and user-sync calls, done through better-auth's server API and our tables. */
export function createAccountService(db: Database, auth: Auth) {
  async function isVerified(email: string): Promise<boolean | undefined> {
    const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    return row?.emailVerified;
  }

  return {
    /**
     * Updates the display name (a blank one is ignored: every account has a name) and the photo
     * (null removes it); what is not sent stays as it is.
     */
    async syncUser(userId: string, input: UserSyncInput) {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.displayName) changes.name = input.displayName;
      if (input.photoURL !== undefined) changes.image = input.photoURL;
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ id: users.id, email: users.email, name: users.name, image: users.image, emailVerified: users.emailVerified });
      return { user: user! };
    },

    /**
     * Sends a new link when the address belongs to an unverified account; otherwise does nothing.
     * Called without the caller's session on purpose: better-auth then answers the same (and after
     * the same minimum time) whether or not the account exists, so the call reveals no accounts.
     * The link brings the shopper back to `callbackURL` (a path on this shop) once verified.
     */
    async sendVerification(email: string, callbackURL?: string): Promise<void> {
      await auth.api.sendVerificationEmail({ body: { email: email.toLowerCase(), callbackURL } });
    },

    /**
     * The cookies that sign the link's owner in when this link verified the address now; null
     * otherwise. better-auth's links are signed tokens that it would accept again after use; the
     * shop treats a link as spent once the address is verified, and as invalid when the token was
     * made for another address than the link's email. `headers` are the request's, so a browser
     * already signed in to this account keeps its session.
     */
    async verifyEmail(token: string, email: string, headers: Headers): Promise<{ cookies: string[] } | null> {
      const address = email.toLowerCase();
      if ((await isVerified(address)) !== false) return null;
      let answer: Headers;
      try {
        answer = (await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true })).headers;
      } catch {
        return null; // expired, forged or for an account that no longer exists
      }
      return (await isVerified(address)) === true ? { cookies: answer.getSetCookie() } : null;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
