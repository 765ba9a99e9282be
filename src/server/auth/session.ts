import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';
import { UnauthorizedError } from '../errors';

/** Who is signed in, the same in every sign-in mode. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * The one question the shop asks about a request's identity: who made it. Routes and services ask
 * it through here and never look at cookies or tokens themselves, so another way of signing in
 * changes this and nothing else.
 */
export interface IdentityProvider {
  /** The signed-in user of a request; null when signed out or the sign-in expired. */
  userOf(request: FastifyRequest): Promise<SessionUser | null>;
  /** Before the shop deletes an account (POPIA): whatever the sign-in service keeps of it goes first. */
  beforeDeletion(request: FastifyRequest, userId: string): Promise<void>;
  /** Ends this browser's sign-in, once its account is gone. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * The shop's own accounts: the session cookie or an `Authorization: Bearer <session token>` header
 * (better-auth's bearer plugin).
 */
export function accountsIdentity(auth: Auth): IdentityProvider {
  return {
    async userOf(request) {
      const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) return null;
      const { id, email, emailVerified, name } = session.user;
      return { id, email, emailVerified, name };
    },
    // The account's sessions and sign-in methods are rows of its own, deleted with it.
    beforeDeletion: async () => undefined,
    async signOut(request, reply) {
      const { headers } = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    },
  };
}

/** The signed-in user, or a 401 'Not authenticated'. */
export async function requireSessionUser(identity: IdentityProvider, request: FastifyRequest): Promise<SessionUser> {
  const user = await identity.userOf(request);
  if (!user) throw new UnauthorizedError('Not authenticated');
  return user;
}
