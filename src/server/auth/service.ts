import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Auth } from './auth';

/** The spec's two verification calls, done through better-auth's server API. */
export function createAccountService(db: Database, auth: Auth) {
  async function isVerified(email: string): Promise<boolean | undefined> {
    const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
    return row?.emailVerified;
  }

  return {
    /**
     * Sends a new link when the address belongs to an unverified account; otherwise does nothing.
     * Called without the caller's session on purpose: better-auth then answers the same (and after
     * the same minimum time) whether or not the account exists, so the call reveals no accounts.
     */
    async sendVerification(email: string): Promise<void> {
      await auth.api.sendVerificationEmail({ body: { email: email.toLowerCase() } });
    },

    /**
     * true when this link verified the address now. better-auth's links are signed tokens that it
     * would accept again after use; the shop treats a link as spent once the address is verified,
     * and as invalid when the token was made for another address than the link's email.
     */
    async verifyEmail(token: string, email: string): Promise<boolean> {
      const address = email.toLowerCase();
      if ((await isVerified(address)) !== false) return false;
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch {
        return false; // expired, forged or for an account that no longer exists
      }
      return (await isVerified(address)) === true;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
